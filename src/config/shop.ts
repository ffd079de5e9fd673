/**
 * Shop identity: the one place to change the name, contacts, address, social links and hours.
 * Demo values: the numbers, address and accounts below are invented for this demonstration shop.
 */

/** A phone number both as shown to people and as dialled (tel: / wa.me). */
export interface Phone {
  label: string;
  display: string;
  dial: string;
}

/** A social network profile of the shop. */
export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'TikTok' | 'YouTube';
  icon: 'facebook' | 'instagram' | 'tiktok' | 'youtube';
  href: string;
}

/** Everything the frame and the information pages say about the shop itself. */
export const SHOP = {
  name: 'Boutique',
  tagline: "L'électroménager de qualité, livré gratuitement à Dakar",
  description:
    "Boutique est une enseigne d'électroménager installée à Dakar : réfrigérateurs, congélateurs, téléviseurs, cuisinières, climatiseurs et petit électroménager, au prix juste, avec livraison gratuite à Dakar et achat à crédit pour les adhérents.",
  legalName: 'Boutique SARL (société de démonstration)',
  rccm: 'SN-DKR-2019-B-00000 (démonstration)',
  ninea: '000000000 2G3 (démonstration)',
  phones: [
    { label: 'Service client', display: '+221 33 800 00 00', dial: '+221338000000' },
    { label: 'Ventes', display: '+221 77 000 00 00', dial: '+221770000000' },
  ] as readonly Phone[],
  whatsapp: { label: 'WhatsApp', display: '+221 77 000 00 01', dial: '221770000001' } as Phone,
  email: 'contact@boutique.sn',
  address: {
    street: 'Avenue Cheikh Anta Diop, en face de la station, Point E',
    city: 'Dakar',
    country: 'Sénégal',
  },
  hours: [
    { days: 'Lundi – samedi', time: '9 h – 19 h' },
    { days: 'Dimanche', time: '10 h – 14 h (commandes en ligne uniquement)' },
  ],
  social: [
    { name: 'Facebook', icon: 'facebook', href: 'https://www.facebook.com/boutique.sn.demo' },
    { name: 'Instagram', icon: 'instagram', href: 'https://www.instagram.com/boutique.sn.demo' },
    { name: 'TikTok', icon: 'tiktok', href: 'https://www.tiktok.com/@boutique.sn.demo' },
    { name: 'YouTube', icon: 'youtube', href: 'https://www.youtube.com/@boutique-sn-demo' },
  ] as readonly SocialLink[],
  themeColor: '#0b4f8a',
} as const;

/** The shop address on one line, for footers and legal pages. */
export const shopAddressLine = `${SHOP.address.street}, ${SHOP.address.city}, ${SHOP.address.country}`;

/** The wa.me link that opens a WhatsApp chat with the shop. */
export const whatsappHref = `https://wa.me/${SHOP.whatsapp.dial}`;
