import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';
import type { EtfInvoice } from '../model';

export type EtfAction = 'send' | 'waive';
/** Sent to be billed, or waived with the agent's reason (the server refuses a waiver without one). */
export type EtfResolution = { action: 'send' } | { action: 'waive'; reason: string };

/** A queued ETF invoice is sent to be billed, or waived; either is final. */
export async function resolveEtfInvoice(id: number, resolution: EtfResolution): Promise<EtfInvoice> {
  const params = { path: { id } };
  return ok(
    resolution.action === 'send'
      ? await api.POST('/etf-invoices/{id}/send', { params })
      : await api.POST('/etf-invoices/{id}/waive', { params, body: { reason: resolution.reason } }),
  ).data;
}

export function useResolveEtfInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: number; resolution: EtfResolution }) =>
      resolveEtfInvoice(id, resolution),
    onSettled: () => invalidateWork(queryClient),
  });
}
