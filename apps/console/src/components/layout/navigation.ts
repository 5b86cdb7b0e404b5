import {
  IconAddressBook,
  IconAdjustments,
  IconApi,
  IconBuildingSkyscraper,
  IconClockPlay,
  IconDiscount,
  IconFiles,
  IconGauge,
  IconHistory,
  IconMail,
  IconMailForward,
  IconPlug,
  IconReceipt2,
  IconStack2,
  IconTableDollar,
  IconTargetArrow,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { can, type Permission, type Session } from '../../lib/auth';

interface ConsolePageDefinition {
  to: string;
  label: string;
  description: string;
  permission: Permission;
  icon: typeof IconStack2;
  /** A `g` sequence: "g q". */
  shortcut: string;
}

/** The console's pages, each with the permission it needs: the navbar, Spotlight and the `g` shortcuts read this. */
export const PAGES = [
  {
    to: '/dashboard',
    label: 'Dashboard',
    description: "Today's enrollments, submissions and declines; holds by age",
    permission: 'work.read',
    icon: IconGauge,
    shortcut: 'g d',
  },
  {
    to: '/queues',
    label: 'Queues',
    description: 'Holds and failed submissions waiting for an agent',
    permission: 'work.read',
    icon: IconStack2,
    shortcut: 'g q',
  },
  {
    to: '/customers',
    label: 'Customers',
    description: 'Find a customer by name, email, phone, meter or id; their profile and enrollments',
    permission: 'work.read',
    icon: IconAddressBook,
    shortcut: 'g c',
  },
  {
    to: '/plans',
    label: 'Plans',
    description: 'Plans and their prices: versions, scheduled price changes, EFL averages',
    permission: 'work.read',
    icon: IconReceipt2,
    shortcut: 'g p',
  },
  {
    to: '/campaigns',
    label: 'Campaigns',
    description: 'Promo codes: their windows, usage limits, affiliates and plans',
    permission: 'work.read',
    icon: IconDiscount,
    shortcut: 'g o',
  },
  {
    to: '/utilities',
    label: 'Utilities',
    description:
      'TDSPs and gas LDCs: enrollments allowed, account numbers, zip codes served, the ESIID extract',
    permission: 'work.read',
    icon: IconPlug,
    shortcut: 'g u',
  },
  {
    to: '/pricing-matrix',
    label: 'Pricing matrix',
    description: 'The prospect pricing matrix in force, uploads to review and put in force, past matrices',
    permission: 'work.read',
    icon: IconTableDollar,
    shortcut: 'g m',
  },
  {
    to: '/autoresponders',
    label: 'Autoresponders',
    description: 'The messages each event sends: packages, templates and their variables, previews, tests',
    permission: 'work.read',
    icon: IconMail,
    shortcut: 'g r',
  },
  {
    to: '/mail-outbox',
    label: 'Mail outbox',
    description: 'Every email sent: queued, sent, failed and retried, bounced; the bounced addresses',
    permission: 'work.read',
    icon: IconMailForward,
    shortcut: 'g x',
  },
  {
    to: '/documents',
    label: 'Documents',
    description:
      'The document library: terms, EFLs, rights, contracts and welcome letters, their PDF versions and plans',
    permission: 'work.read',
    icon: IconFiles,
    shortcut: 'g l',
  },
  {
    to: '/audit-log',
    label: 'Audit log',
    description: 'Every change made through the console',
    permission: 'audit.read',
    icon: IconHistory,
    shortcut: 'g a',
  },
  {
    to: '/staff',
    label: 'Staff',
    description: 'Staff users, their roles, set-up links and sessions',
    permission: 'staff.manage',
    icon: IconUsers,
    shortcut: 'g s',
  },
  {
    to: '/companies',
    label: 'Companies',
    description: "The installation's retail companies; onboard a new one with its first Administrator",
    permission: 'companies.manage',
    icon: IconBuildingSkyscraper,
    shortcut: 'g e',
  },
  {
    to: '/api-accounts',
    label: 'API accounts',
    description: 'Web service accounts that call the Voltin API: secrets, rotation, permitted operations',
    permission: 'accounts.manage',
    icon: IconApi,
    shortcut: 'g k',
  },
  {
    to: '/company-setup',
    label: 'Company set-up',
    description: 'Configuration parameters, payment limits and return origins, credit-check window, brands',
    permission: 'company.configure',
    icon: IconAdjustments,
    shortcut: 'g y',
  },
  {
    to: '/service-tasks',
    label: 'Service tasks',
    description: 'Background tasks: schedule, last and next run, recent runs; run now, pause and resume',
    permission: 'tasks.read',
    icon: IconClockPlay,
    shortcut: 'g t',
  },
  {
    to: '/affiliates',
    label: 'Affiliates',
    description: 'Sales partners: their reps and the web service accounts their systems use',
    permission: 'work.read',
    icon: IconUsersGroup,
    shortcut: 'g i',
  },
  {
    to: '/prospects',
    label: 'Prospects',
    description:
      'The prospect pipeline by sales status, with signing status; quotes, contracts and documents',
    permission: 'work.read',
    icon: IconTargetArrow,
    shortcut: 'g n',
  },
] as const satisfies readonly ConsolePageDefinition[];

export type ConsolePage = (typeof PAGES)[number];

export const pagesFor = (session: Session | null | undefined) =>
  PAGES.filter((page) => can(session, page.permission));
