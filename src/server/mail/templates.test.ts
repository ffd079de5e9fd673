import { describe, expect, it } from 'vitest';
import { orderEmail, orderSms, reminderEmail, reminderSms, type ConfirmedOrder, type RemindedInstalmentText } from './templates.ts';

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

describe('the confirmation of a pre-order paid online (§4)', () => {
  const order: ConfirmedOrder = {
    reference: 'BQ-ABCDEFGH',
    amount_total: 430000,
    welcome_reduction: 0,
    type_sale: 'preorder',
    payment_mode: 'online',
    name: 'Awa',
    order_lines: [{ name: 'TV LG', quantity: 1, price_subtotal: 430000 }],
    tranches: [
      { number: 1, percent: 30, amount: 129000, due_on: '2026-11-27' },
      { number: 2, percent: 30, amount: 129000, due_on: '2026-12-27' },
      { number: 3, percent: 40, amount: 172000, due_on: null },
    ],
    credit: null,
    hold_until: null,
    payment_token: 'abcdefghijklmnopqrstuv',
  };

  it('says the first tranche is what is paid online now, in the e-mail and the text message', () => {
    const { text } = orderEmail(order, 'https://boutique.sn');
    expect(text).toContain('Vous payez en ligne une tranche à la fois : maintenant la première tranche (30 %), 129 000 F CFA.');
    const sms = orderSms(order, 'https://boutique.sn');
    expect(sms).toContain(
      'Payez en ligne la première tranche (30 %), 129 000 F CFA : https://boutique.sn/payment-state?ref=BQ-ABCDEFGH&t=',
    );
    // The payment link makes it two parts, as for any order paid online; GSM keeps each part at 153 characters.
    expect(sms).toMatch(GSM);
  });

  it('says nothing of a first tranche for a pre-order paid on delivery or an order paid in one go', () => {
    expect(orderEmail({ ...order, payment_mode: 'domicile' }, 'https://boutique.sn').text).not.toContain('maintenant la première');
    expect(orderSms({ ...order, type_sale: 'order', tranches: [] }, 'https://boutique.sn')).not.toContain('tranche');
  });
});
