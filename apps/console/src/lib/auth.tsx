import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, isApiFailure, ok, onSessionEnded, setCsrfToken } from './api';

/** Who is signed in from this browser, with the session's CSRF token. */
export type Session = DataOf<'/session', 'get'>;
export type SessionUser = Session['user'];
export type Permission = SessionUser['permissions'][number];
export type SignInInput = BodyOf<'/session', 'post'>;

/** Why the sign-in page is shown: said in a notice above the form. */
export const SIGN_IN_REASONS = ['ended', 'signed-out', 'signed-out-everywhere', 'setup-complete'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];
export interface SignInSearch {
  /** Where to go back to once signed in (a path of the console). */
  redirect?: string;
  reason?: SignInReason;
}

export const sessionKey = ['session'] as const;

/** The session, or `null` when nobody is signed in (the server's 401 is the answer, not a failure). */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const session = ok(await api.GET('/session', { signal })).data;
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (isApiFailure(error) && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    // Coming back to the tab checks that the session still stands (an idle timeout may have ended it).
    refetchOnWindowFocus: 'always',
  });

export const useSession = () => useQuery(sessionQueryOptions());

export async function signIn(input: SignInInput): Promise<Session> {
  const session = ok(await api.POST('/session', { body: input })).data;
  setCsrfToken(session.csrfToken);
  return session;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      // Nothing a previous user saw may stay in the cache.
      queryClient.clear();
      queryClient.setQueryData(sessionKey, session);
    },
  });
}

// --- Leaving the signed-in part of the console -------------------------------------------------------------------

type SignInNavigator = (search: SignInSearch) => Promise<unknown>;
let goToSignIn: SignInNavigator = async () => undefined;
let leaving = false;

const here = () => `${window.location.pathname}${window.location.search}`;

function forget(queryClient: QueryClient) {
  setCsrfToken(null);
  queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(sessionKey, null);
}

/**
 * Wires the session's end to the router: a 401 STAFF_SESSION_* from any call (or the session found gone when the
 * tab comes back) forgets everything cached and shows the sign-in page with a notice, coming back here after.
 */
export function installSessionHandling(queryClient: QueryClient, navigator: SignInNavigator) {
  goToSignIn = navigator;
  onSessionEnded(() => sessionEnded(queryClient));
}

export function sessionEnded(queryClient: QueryClient) {
  if (leaving) return;
  leaving = true;
  const redirect = here();
  forget(queryClient);
  void goToSignIn({
    reason: 'ended',
    redirect: redirect.startsWith('/sign-in') ? undefined : redirect,
  }).finally(() => {
    leaving = false;
  });
}

/**
 * Ends this browser's session, or (everywhere) every session of the user, then shows the sign-in page. A session
 * already over counts as signed out; any other failure keeps the user here, for the caller to say so.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const leave = async (scope: 'here' | 'everywhere') => {
    forget(queryClient);
    await goToSignIn({ reason: scope === 'everywhere' ? 'signed-out-everywhere' : 'signed-out' });
    leaving = false;
  };
  return useMutation({
    mutationFn: async (scope: 'here' | 'everywhere') => {
      leaving = true;
      if (scope === 'everywhere') ok(await api.POST('/session/sign-out-everywhere'));
      else ok(await api.DELETE('/session'));
    },
    onSuccess: (_data, scope) => leave(scope),
    onError: (error, scope) => {
      if (isApiFailure(error) && error.status === 401) return leave(scope);
      leaving = false;
    },
  });
}

export const can = (session: Session | null | undefined, permission: Permission): boolean =>
  session?.user.permissions.includes(permission) ?? false;

/** Whether the signed-in roles permit something: the console hides what they do not (the server refuses it anyway). */
export function useCan(permission: Permission): boolean {
  const { data } = useSession();
  return can(data, permission);
}
