import type { CustomerEnrollment } from './api/get-customer';
import type { CustomerHit } from './api/search-customers';

/** A US number as the API stores it (ten digits) for reading: "(214) 555-0123"; anything else as given. */
export function formatPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10
    ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
    : phone;
}

/** How a hit is reached: its email, else its phone. */
export const contactOf = (hit: Pick<CustomerHit, 'email' | 'phone'>): string =>
  [hit.email, formatPhone(hit.phone)].filter(Boolean).join(' · ');

/** What the search matched, for people: "Name", "Meter 1044372012345678", "Enrollment 1042". */
export function matchLabel(hit: CustomerHit): string {
  switch (hit.matchedOn) {
    case 'meter':
      return hit.detail ? `Meter ${hit.detail}` : 'Meter';
    case 'enrollment id':
      return hit.detail ? `${hit.detail.charAt(0).toUpperCase()}${hit.detail.slice(1)}` : 'Enrollment id';
    case 'customer id':
      return `Customer ${hit.customerId}`;
    default:
      return hit.matchedOn.charAt(0).toUpperCase() + hit.matchedOn.slice(1);
  }
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** Enrollments that wait for an agent: on hold, or refused by the billing system. */
export const needsAttention = (enrollment: CustomerEnrollment) =>
  enrollment.status.startsWith('ON_HOLD') ||
  enrollment.status === 'SUBMITION_NOT_SENT_CONNECTION_ERROR' ||
  enrollment.status === 'SUBMITTED_WITH_ERRORS';
