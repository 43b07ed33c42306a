import { authRoutes, type BodyInputOf } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes, clearSession, storeSession } from '../../api';

const api = bindRoutes(authRoutes);

/** POST /tokens: on success the token and the user are stored. */
export function useSignIn() {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof authRoutes.signIn>) => api.signIn({ body }),
    onSuccess: (answer) => storeSession(answer.access_token, answer.user),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof authRoutes.signUp>) => api.signUp({ body }),
  });
}

/** GET /password_reset?email=: sends the reset mail. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.requestPasswordReset({ query: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      api.resetPassword({ query: { reset_password_token: token }, body: { password } }),
  });
}

/**
 * Activates a signed-up account on load. A query, not an effect, so the single-use token is sent
 * once even when React mounts twice.
 */
export function useActivation(token: string) {
  return useQuery({
    queryKey: ['confirmation', token],
    queryFn: () => api.confirm({ query: { confirmation_token: token }, body: {} }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /confirmation: `{}` activates a sign-up, `{password, profile}` accepts an invitation. */
export function useConfirmation() {
  return useMutation({
    mutationFn: ({ token, body }: { token: string; body: BodyInputOf<typeof authRoutes.confirm> }) =>
      api.confirm({ query: { confirmation_token: token }, body }),
  });
}

/** DELETE /tokens, then the session and every cached answer are dropped, whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.signOut();
      } catch {
        // signing out locally must work even when the server cannot be reached
      }
    },
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
