import {
  type ConsentGrant,
  type CreateConsentTermsInput,
  consentRoutes,
  type WithdrawConsentInput,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const consentApi = bindRoutes(consentRoutes);

export const consentKeys = {
  all: (testId: number) => ['consent', testId] as const,
  terms: (testId: number) => [...consentKeys.all(testId), 'terms'] as const,
  participant: (testId: number, id: number) => [...consentKeys.all(testId), 'participant', id] as const,
};

/** The versions of a test's consent terms, newest first. */
export function useConsentTerms(testId: number) {
  return useQuery({
    queryKey: consentKeys.terms(testId),
    queryFn: async ({ signal }) => (await consentApi.listTerms({ id: testId, signal })).data,
  });
}

/** Adds a new version of the terms (research area). */
export function useCreateConsentTerms(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: CreateConsentTermsInput) =>
      (await consentApi.createTerms({ id: testId, body: { terms } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: consentKeys.terms(testId) }),
  });
}

/** A participant's consent in force and its history. */
export function useParticipantConsent(testId: number, participantId: number) {
  return useQuery({
    queryKey: consentKeys.participant(testId, participantId),
    queryFn: async ({ signal }) =>
      (await consentApi.participantConsent({ id: testId, pid: participantId, signal })).data,
  });
}

/** Enters a consent given on paper; the answer is the participant's consent now. */
export function useRecordPaperConsent(testId: number, participantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (consent: ConsentGrant) =>
      (await consentApi.paperConsent({ id: testId, pid: participantId, body: { consent } })).data,
    onSuccess: (data) => queryClient.setQueryData(consentKeys.participant(testId, participantId), data),
  });
}

/** Withdraws streams or purposes from the consent in force, at once. */
export function useWithdrawConsent(testId: number, participantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WithdrawConsentInput) =>
      (await consentApi.withdraw({ id: testId, pid: participantId, body })).data,
    onSuccess: (data) => queryClient.setQueryData(consentKeys.participant(testId, participantId), data),
  });
}
