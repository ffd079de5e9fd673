/** Request validation with zod, answering 400 with a French message that names the field. */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { idText } from '../../domain/numbers.ts';

// Default zod messages in French; ours name the field themselves.
z.config(z.locales.fr());

type Issue = z.core.$ZodIssue;

/** The French sentence and field of the first issue. */
function describeIssue(issue: Issue | undefined): { message: string; field?: string } {
  if (!issue) return { message: 'Requête invalide.' };
  if (issue.code === 'unrecognized_keys') {
    return {
      message: issue.message.startsWith('Champ inconnu') ? issue.message : `Champ inconnu : ${issue.keys.join(', ')}.`,
      field: issue.keys[0],
    };
  }
  const field = issue.path.map(String).join('.') || undefined;
  // Our own messages are whole sentences (they name the field or are the spec's words); zod's defaults get the field's name.
  if (issue.message.includes('«') || /[.!?]$/.test(issue.message) || !field) return { message: issue.message, field };
  return { message: `Le champ « ${field} » est invalide : ${issue.message}`, field };
}

/** `zValidator` with our French 400 answer; nothing downstream runs when input is bad. */
export function validate<T extends z.core.$ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(describeIssue(result.error.issues[0] as Issue), 400);
  });
}

/** Path parameter `id` of §7: digits only, 1 to 2 147 483 647 (every id in a path is read by this one schema). */
export const idParam = z.object({ id: idText });
