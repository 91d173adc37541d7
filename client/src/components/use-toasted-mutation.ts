// A change made from a button or a form goes the same way everywhere (SPEC §8): call, say how it went
// in a toast, and reload what shows the changed data. A failure says the server's reason, or the
// caller's sentence for a network failure; a call that got no answer at all (the link's deadline) can
// say instead that nothing happened, so that nobody assumes it went through.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gotNoAnswer } from '../lib/api-error';
import { translateApiError } from '../lib/translate-error';
import { useToast } from './toasts';

/** A toast's title, and the line under it if any. */
type ToastText = string | readonly [title: string, detail: string];

interface ToastedMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  success: (result: Result, variables: Variables) => ToastText;
  /**
   * The failure toast's title, the server's reason under it, else the text of `networkKey` (a full
   * key, namespace:key); left out where the caller shows failures itself.
   */
  failure?: { title: (variables: Variables) => string; networkKey: string };
  /** Said instead of the failure when the call got no answer. */
  noAnswer?: (variables: Variables) => readonly [title: string, detail: string];
  /** Reloads what shows the changed data; the call counts as pending until it is done. */
  reload?: () => Promise<unknown>;
  /** Reload after a failure too: what failed may have changed meanwhile (already unlinked, say). */
  reloadOnFailure?: boolean;
}

const show = (toast: (title: string, detail?: string) => void, text: ToastText) =>
  typeof text === 'string' ? toast(text) : toast(text[0], text[1]);

export function useToastedMutation<Variables, Result>(options: ToastedMutationOptions<Variables, Result>) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutationFn, success, failure, noAnswer, reload, reloadOnFailure = false } = options;
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      show(toast.success, success(result, variables));
      await reload?.();
    },
    onError: async (error, variables) => {
      if (noAnswer && gotNoAnswer(error)) show(toast.error, noAnswer(variables));
      else if (failure) toast.error(failure.title(variables), translateApiError(t, error, failure.networkKey));
      if (reloadOnFailure) await reload?.();
    },
  });
}
