import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';

export type LetterReviewInput = BodyOf<'/credit-letters/{id}/approve', 'post'>;
export type LetterOutcome = DataOf<'/credit-letters/{id}/approve', 'post'>;
export type LetterDecision = 'approve' | 'reject';

/** Approves a letter of credit (it covers the deposit) or rejects it (the customer may upload another). */
export async function reviewCreditLetter(
  id: number,
  decision: LetterDecision,
  body: LetterReviewInput,
): Promise<LetterOutcome> {
  const params = { path: { id } };
  return ok(
    decision === 'approve'
      ? await api.POST('/credit-letters/{id}/approve', { params, body })
      : await api.POST('/credit-letters/{id}/reject', { params, body }),
  ).data;
}

export function useReviewCreditLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, ...body }: LetterReviewInput & { id: number; decision: LetterDecision }) =>
      reviewCreditLetter(id, decision, body),
    onSettled: () => invalidateWork(queryClient),
  });
}
