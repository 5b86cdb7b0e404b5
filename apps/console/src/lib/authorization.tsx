import type { ReactNode } from 'react';
import { ForbiddenState } from '../components/ui/states';
import { type Permission, useCan } from './auth';

interface RequirePermissionProps {
  permission: Permission;
  /** What the page is, for the message when the roles do not permit it. */
  what?: string;
  children: ReactNode;
}

/**
 * Shows its content only to roles that permit it, and says so to the others (a bookmarked or shared link to a page
 * someone may not see). The server refuses on its own; this only spares a screen of errors.
 */
export function RequirePermission({ permission, what, children }: RequirePermissionProps) {
  return useCan(permission) ? children : <ForbiddenState what={what} heading={1} />;
}
