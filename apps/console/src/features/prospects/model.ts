import type { MantineColor } from '@mantine/core';
import type { SalesStatus, SigningStatus } from './api/get-prospects';

/** The sales statuses in pipeline order (the board's columns), with their colours. */
export const SALES_STATUSES = {
  New: 'blue',
  Contacted: 'cyan',
  Quote_Sent: 'indigo',
  Quote_Expired: 'orange',
  Contract_Sent: 'violet',
  Contract_Expired: 'orange',
  Contract_Signed: 'teal',
  Contract_Approved: 'green',
  Canceled: 'gray',
} as const satisfies Record<SalesStatus, MantineColor>;

export const SALES_STATUS_LIST = Object.keys(SALES_STATUSES) as SalesStatus[];

export const SIGNING_STATUSES = {
  Created: 'gray',
  OnHold: 'yellow',
  Unsigned: 'blue',
  PartiallySigned: 'indigo',
  Completed: 'green',
  Expired: 'orange',
  Canceled: 'red',
} as const satisfies Record<SigningStatus, MantineColor>;

export const SIGNING_STATUS_LIST = Object.keys(SIGNING_STATUSES) as SigningStatus[];
