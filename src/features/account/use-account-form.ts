/** An account form's submit (§5): its schema checked, then sent, the server's refusal and wait shown. Apart from form-modules.ts, so the screens that only load the modules (the code screen, the profile) carry none of it. */
import { useState, type FormEvent } from 'react';
import type * as z from '../../domain/zod.ts';
import { fieldErrors, formValues, useCountdown } from './form-kit.tsx';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';

type Modules = NonNullable<Awaited<ReturnType<typeof accountFormModules>>>;

/**
 * An account form's errors (by field, `form` for the whole), busy flag and the server's wait, and its submit: the
 * values are checked with the schema `pick` names, then sent; a refusal shows the server's sentence (else `fallback`)
 * and its wait. The form stays busy once sent (the page moves on), unless `settle`.
 */
export function useAccountForm(initial: Record<string, string> = {}) {
  const [errors, setErrors] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();
  async function submit<S extends z.ZodMiniType>(
    e: FormEvent<HTMLFormElement>,
    pick: (schemas: Modules[0]) => S,
    send: (data: z.output<S>, store: Modules[1]) => Promise<unknown>,
    fallback: string,
    settle = false,
  ) {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const modules = await accountFormModules();
    if (!modules) return setErrors({ form: MODULES_UNREACHABLE });
    const parsed = pick(modules[0]).safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data, modules[1]);
      if (settle) setBusy(false);
    } catch (err) {
      setErrors({ form: modules[1].errorMessage(err, fallback) });
      startWait(modules[1].retryAfter(err));
      setBusy(false);
    }
  }
  return { errors, setErrors, busy, wait, submit };
}
