/** French texts of the account messages. */
import { SHOP } from '../../config/shop.ts';

/** Why a code is sent. */
export type CodePurpose = 'verify' | 'reset';

/** The e-mail carrying a code. */
export function codeEmail(purpose: CodePurpose, name: string, code: string): { subject: string; text: string } {
  if (purpose === 'verify') {
    return {
      subject: `${SHOP.name} : votre code de vérification`,
      text: `Bonjour ${name},\n\nBienvenue chez ${SHOP.name} ! Votre code de vérification est : ${code}\n\nIl est valable 10 minutes et ne sert qu’une fois. Si vous n’avez pas créé de compte, ignorez ce message.\n\nL’équipe ${SHOP.name}`,
    };
  }
  return {
    subject: `${SHOP.name} : réinitialisation de votre mot de passe`,
    text: `Bonjour ${name},\n\nVotre code de réinitialisation du mot de passe est : ${code}\n\nIl est valable 10 minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n\nL’équipe ${SHOP.name}`,
  };
}

/** The text message carrying a code. */
export function codeSms(purpose: CodePurpose, code: string): string {
  return purpose === 'verify'
    ? `${SHOP.name} : votre code de vérification est ${code} (valable 10 min).`
    : `${SHOP.name} : votre code de réinitialisation est ${code} (valable 10 min).`;
}
