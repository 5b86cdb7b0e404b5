import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { invalidateCustomerWork } from './invalidate';

/**
 * The changes a customer may make to an enrollment, asked by staff on the customer's behalf (the customer's rules,
 * the staff member named in the enrollment's history and the audit log). Each reads every profile, enrollment page
 * and queue again once answered.
 */
export type DeliveryMethodInput = BodyOf<'/enrollments/{id}/delivery-method', 'post'>;
export type DropInput = BodyOf<'/enrollments/{id}/drop', 'post'>;
export type DropOutcome = DataOf<'/enrollments/{id}/drop', 'post'>;
export type TransferInput = BodyOf<'/enrollments/{id}/transfer-service', 'post'>;
export type TransferOutcome = DataOf<'/enrollments/{id}/transfer-service', 'post'>;
export type RenewalInput = BodyOf<'/enrollments/{id}/renewal', 'post'>;
export type RenewalOutcome = DataOf<'/enrollments/{id}/renewal', 'post'>;

const path = (id: number) => ({ path: { id } });

export const changeDeliveryMethod = async (id: number, body: DeliveryMethodInput) =>
  ok(await api.POST('/enrollments/{id}/delivery-method', { params: path(id), body })).data;

export const dropEnrollment = async (id: number, body: DropInput): Promise<DropOutcome> =>
  ok(await api.POST('/enrollments/{id}/drop', { params: path(id), body })).data;

export const transferService = async (id: number, body: TransferInput): Promise<TransferOutcome> =>
  ok(await api.POST('/enrollments/{id}/transfer-service', { params: path(id), body })).data;

export const renewEnrollment = async (id: number, body: RenewalInput): Promise<RenewalOutcome> =>
  ok(await api.POST('/enrollments/{id}/renewal', { params: path(id), body })).data;

function useEnrollmentChange<Input, Outcome>(call: (id: number, body: Input) => Promise<Outcome>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Input }) => call(id, body),
    onSettled: () => invalidateCustomerWork(queryClient),
  });
}

export const useChangeDeliveryMethod = () => useEnrollmentChange(changeDeliveryMethod);
export const useDropEnrollment = () => useEnrollmentChange(dropEnrollment);
export const useTransferService = () => useEnrollmentChange(transferService);
export const useRenewEnrollment = () => useEnrollmentChange(renewEnrollment);
