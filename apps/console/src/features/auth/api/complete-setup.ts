import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf, ok } from '../../../lib/api';

export type CompleteSetupInput = BodyOf<'/setup/{token}', 'post'>;

/** Chooses the password (and enrols the authenticator, with a code from it); the link then stops working. */
export async function completeSetup(token: string, body: CompleteSetupInput): Promise<void> {
  ok(await api.POST('/setup/{token}', { params: { path: { token } }, body }));
}

export const useCompleteSetup = (token: string) =>
  useMutation({ mutationFn: (body: CompleteSetupInput) => completeSetup(token, body) });
