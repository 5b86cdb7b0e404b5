import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { plansRootKey } from './get-plans';

export type PlanSettings = DataOf<'/plans/{planId}', 'get'>['settings'];
export type PlanSettingsChange = BodyOf<'/plans/{planId}', 'patch'>;
export type PlanCopy = BodyOf<'/plans/{planId}/clone', 'post'>;

/** A mutation on one plan that the plans' lists and pages read again after. */
function usePlanMutation<V>(call: (variables: V) => Promise<DataOf<'/plans/{planId}', 'get'>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansRootKey }),
  });
}

/** Changes a plan's settings (not its prices). */
export const useChangePlanSettings = () =>
  usePlanMutation(
    async ({ planId, ...body }: PlanSettingsChange & { planId: number }) =>
      ok(await api.PATCH('/plans/{planId}', { params: { path: { planId } }, body })).data,
  );

/** Retires a plan, or puts it back in the catalogue. */
export const useSetPlanRetired = () =>
  usePlanMutation(
    async ({ planId, retired }: { planId: number; retired: boolean }) =>
      ok(await api.POST('/plans/{planId}/retirement', { params: { path: { planId } }, body: { retired } }))
        .data,
  );

/** A draft copy of a plan; answers the copy. */
export const useClonePlan = () =>
  usePlanMutation(
    async ({ planId, ...body }: PlanCopy & { planId: number }) =>
      ok(await api.POST('/plans/{planId}/clone', { params: { path: { planId } }, body })).data,
  );

export type PlanCreation = BodyOf<'/plans', 'post'>;
export type PlanChoices = DataOf<'/plans/choices', 'get'>;

/** What a new plan may be for: the utilities, their rate units and the customer types each serves. */
export const usePlanChoices = () =>
  useQuery({
    queryKey: [...plansRootKey, 'choices'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/plans/choices', { signal })).data,
  });

/** A new plan, a draft until published; answers the plan. */
export const useCreatePlan = () =>
  usePlanMutation(async (body: PlanCreation) => ok(await api.POST('/plans', { body })).data);

export type AcceptanceOptionsRevision = BodyOf<'/plans/{planId}/acceptance-options', 'put'>;

/** Sets what customers agree to when enrolling, from the options read (`offeredIds`). */
export const useReviseAcceptanceOptions = () =>
  usePlanMutation(
    async ({ planId, ...body }: AcceptanceOptionsRevision & { planId: number }) =>
      ok(await api.PUT('/plans/{planId}/acceptance-options', { params: { path: { planId } }, body })).data,
  );

export type PlanDocumentChange = BodyOf<'/plans/{planId}/documents/{documentId}', 'patch'>;

/** Renames a plan's document or changes where customers see it. */
export const useChangePlanDocument = () =>
  usePlanMutation(
    async ({ planId, documentId, ...body }: PlanDocumentChange & { planId: number; documentId: number }) =>
      ok(
        await api.PATCH('/plans/{planId}/documents/{documentId}', {
          params: { path: { planId, documentId } },
          body,
        }),
      ).data,
  );
