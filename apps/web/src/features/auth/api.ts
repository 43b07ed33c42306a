import type { User } from '@limbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, clearSession, storeSession } from '../../api';

type TokenAnswer = { access_token: string; user: User };
type MessageAnswer = { message: string };

/** POST /tokens: on success the token and the user are stored. */
export function useSignIn() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post<TokenAnswer>('/tokens', body),
    onSuccess: (answer) => storeSession(answer.access_token, answer.user),
  });
}

export type SignUpBody = {
  email: string;
  password: string;
  password2: string;
  profile: { first_name: string; last_name: string; newsletter: boolean };
};

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => api.post<MessageAnswer>('/signup', body),
  });
}

/** GET /password_reset?email=: sends the reset mail. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.get<MessageAnswer>('/password_reset', { query: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      api.post<MessageAnswer>('/password_reset', { password }, { query: { reset_password_token: token } }),
  });
}

export type ConfirmationBody = {
  password?: string;
  profile?: { first_name: string; last_name: string };
};

/** POST /confirmation: `{}` activates a sign-up, `{password, profile}` accepts an invitation. */
export function useConfirmation() {
  return useMutation({
    mutationFn: ({ token, body }: { token: string; body: ConfirmationBody }) =>
      api.post<MessageAnswer>('/confirmation', body, { query: { confirmation_token: token } }),
  });
}

/** DELETE /tokens, then the session and every cached answer are dropped, whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.delete('/tokens');
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
