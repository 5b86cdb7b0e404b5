import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { plansRootKey } from './get-plans';

/** A utility's sets of delivery charges, newest first. */
export type DeliveryChargeSets = DataOf<'/utilities/{utilityId}/delivery-charges', 'get'>;
export type DeliveryCharge = DeliveryChargeSets['sets'][number]['charges'][number];
export type DeliveryChargeChange = BodyOf<'/utilities/{utilityId}/delivery-charges', 'post'>;
export type DeliveryChargeImpact = DataOf<'/utilities/{utilityId}/delivery-charges', 'post'>;

export const deliveryChargesQueryOptions = (utilityId: number) =>
  queryOptions({
    queryKey: [...plansRootKey, 'delivery-charges', utilityId] as const,
    queryFn: async ({ signal }) =>
      ok(
        await api.GET('/utilities/{utilityId}/delivery-charges', { params: { path: { utilityId } }, signal }),
      ).data,
  });

export const useDeliveryCharges = (utilityId: number | undefined) =>
  useQuery({ ...deliveryChargesQueryOptions(utilityId ?? 0), enabled: utilityId !== undefined });

/** What new charges do to the EFL averages of the utility's plans; nothing saved. */
export const usePreviewDeliveryCharges = () =>
  useMutation({
    mutationFn: async ({ utilityId, ...body }: Omit<DeliveryChargeChange, 'note'> & { utilityId: number }) =>
      ok(
        await api.POST('/utilities/{utilityId}/delivery-charges/preview', {
          params: { path: { utilityId } },
          body,
        }),
      ).data,
  });

/** Saves a new set of charges; the plans (their averages) and the sets are read again. */
export function useChangeDeliveryCharges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ utilityId, ...body }: DeliveryChargeChange & { utilityId: number }) =>
      ok(await api.POST('/utilities/{utilityId}/delivery-charges', { params: { path: { utilityId } }, body }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansRootKey }),
  });
}
