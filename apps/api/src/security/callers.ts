/**
 * Who calls the API, as the access hook (http/access.ts) resolves it from a request and the services receive it:
 * a web service account of one retail company, or a customer's session within that company.
 */
export interface Caller {
  accountId: number;
  companyId: number;
  roleGroups: string[];
}

export interface CustomerSession {
  customerId: number;
  companyId: number;
  /** Other logins of the same person merged into this one (link-accounts). */
  linkedCustomerIds?: number[];
}

export interface AccountAccess {
  active: boolean;
  companyId: number;
  roleGroups: string[];
  permits(operationId: string): boolean;
}

export interface AccessResolver {
  verifyToken(
    token: string,
  ): Promise<
    { status: 'valid' | 'expired'; accountId: number } | { status: 'invalid' } | { status: 'revoked' }
  >;
  accountAccess(accountId: number): Promise<AccountAccess | null>;
  customerSession(companyId: number, customerHash: string): Promise<CustomerSession | null>;
}

/** A staff member signed in to the Operations console, as the staff access hook (http/staff-access.ts) resolves it. */
export interface StaffCaller {
  staffUserId: number;
  companyId: number;
  email: string;
  name: string;
  roles: string[];
  /** What the roles permit (modules/staff/roles.ts); each ops route names the one it needs. */
  permissions: string[];
  sessionId: number;
  csrfToken: string;
}

export type StaffSessionLookup =
  | { status: 'valid'; staff: StaffCaller }
  | { status: 'expired' }
  | { status: 'unknown' };

export interface StaffSessionResolver {
  session(token: string): Promise<StaffSessionLookup>;
}
