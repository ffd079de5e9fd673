import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { PaymentChoice } from './PaymentChoice.tsx';
import { PayOnlineButton } from './PayOnlineButton.tsx';

const draw = (node: Parameters<typeof renderToString>[0]) => renderToString(node).replaceAll('<!-- -->', '');
const radios = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<input type="radio"[^>]*name="${name}"[^>]*value="(\\w+)"`, 'g'))].map((m) => m[1]);
const order = { reference: 'BQ-ABCDEFGH', amount_total: 121500 };

describe('the payment choice offers only the providers the shop takes money with (§2 "En ligne")', () => {
  it.each([
    ['both', ['wave', 'orange'], ['domicile', 'online'], ['wave', 'orange'], '· Wave, Orange Money'],
    ['Wave only', ['wave'], ['domicile', 'online'], [], '· Wave<'],
    ['Orange Money only', ['orange'], ['domicile', 'online'], [], '· Orange Money<'],
    ['none', [], ['domicile'], [], null],
  ] as const)('%s', (_, providers, modes, cards, online) => {
    for (const html of [
      draw(<PaymentChoice providers={providers} defaultValue="domicile" />),
      draw(<PaymentChoice providers={providers} value={null} onChange={() => {}} provider="wave" onProvider={() => {}} />),
    ]) {
      expect(radios(html, 'payment_mode')).toEqual(modes);
      // Two providers are a choice; one is named, and sent with the form; none, nothing.
      expect(radios(html, 'payment_provider')).toEqual(cards);
      const only = providers.length === 1 ? providers[0] : null;
      expect(html.match(/<input type="hidden" name="payment_provider" value="(\w+)"/)?.[1] ?? null).toBe(only);
      if (online) expect(html).toContain(online);
      else expect(html).not.toContain('En ligne');
    }
  });

  it('the form’s default provider is one offered', () => {
    const html = draw(
      <PaymentChoice providers={['orange', 'wave'] as PaymentProviderChoice[]} defaultValue="online" defaultProvider="wave" />,
    );
    expect(html).toMatch(/<input type="radio"[^>]*name="payment_provider" checked="" value="wave"/);
    const orangeOnly = draw(<PaymentChoice providers={['orange']} defaultValue="online" defaultProvider="wave" />);
    expect(orangeOnly).toContain('<input type="hidden" name="payment_provider" value="orange"/>');
  });
});

describe('“Payer en ligne” on an order (§2), as the server draws it', () => {
  it.each([
    ['both', ['wave', 'orange'], true, ['wave', 'orange']],
    ['Wave only', ['wave'], true, []],
    ['none', [], false, []],
  ] as const)('%s', (_, providers, button, cards) => {
    const html = draw(<PayOnlineButton order={order} providers={providers} />);
    expect(html.includes('>Payer en ligne</button>')).toBe(button);
    expect(radios(html, 'payment_provider')).toEqual(cards);
    // The payment screen, which offers 'Payer à la livraison', stays one tap away.
    expect(html).toContain('Voir l’état du paiement');
  });
});
