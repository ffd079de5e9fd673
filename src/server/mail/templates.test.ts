import { describe, expect, it } from 'vitest';
import { reminderEmail, reminderSms, type RemindedInstalmentText } from './templates.ts';

// GSM 03.38's basic alphabet: a text of these characters only goes as 160 characters a part (else UCS-2, 70).
const GSM = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

describe('instalment reminder texts', () => {
  it.each<[string, RemindedInstalmentText]>([
    [
      'a credit instalment, before',
      { kind: 'before', reference: 'S00123', name: 'Fatou', label: 'Mensualité 10 sur 10', amount: 1_234_567, due_on: '2026-09-28' },
    ],
    [
      'a pre-order tranche, overdue',
      { kind: 'overdue', reference: 'S00123', name: null, label: 'Deuxième tranche (30 %)', amount: 1_234_567, due_on: '2026-09-28' },
    ],
  ])('%s: one GSM text part at the longest', (_label, r) => {
    const sms = reminderSms(r, 'https://boutique.sn');
    expect(sms).toMatch(GSM);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toContain('1 234 567 F CFA');
    expect(sms).toContain('28 septembre 2026');
    expect(sms).toContain('https://boutique.sn/profile (Mes échéances)');
  });

  it('the e-mail names the order, the instalment, its amount, its day and where to pay', () => {
    const r: RemindedInstalmentText = {
      kind: 'overdue',
      reference: 'S00123',
      name: 'Fatou',
      label: 'Mensualité 2 sur 6',
      amount: 32_167,
      due_on: '2027-01-05',
    };
    const mail = reminderEmail(r, 'https://boutique.sn');
    expect(mail.subject).toBe('Boutique : échéance du 5 janvier 2027 impayée pour la commande S00123');
    expect(mail.text).toContain('Bonjour Fatou,');
    expect(mail.text).toContain('la mensualité 2 sur 6 de 32 167 F CFA était à payer le 5 janvier 2027');
    expect(mail.text).toContain('« Mes échéances » dans votre profil : https://boutique.sn/profile');
  });
});
