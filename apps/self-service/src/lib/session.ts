import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteCall } from './api';

export interface Session {
  customerId: number | null;
}

export const sessionQuery = {
  queryKey: ['session'],
  queryFn: () => siteCall<Session>('/session'),
  staleTime: 60_000,
};

/** Who is signed in (the customer's hash stays in the server's HttpOnly cookie; the page knows only the id). */
export const useSession = () => useQuery(sessionQuery);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      siteCall<Session>('/session', { method: 'POST', body: JSON.stringify(credentials) }),
    onSuccess: (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'account' });
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => siteCall<Session>('/session', { method: 'DELETE' }),
    onSuccess: (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'account' });
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}
