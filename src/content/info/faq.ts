/** Questions and answers of the /faq page, grouped by theme. */
import { providersText } from '../../domain/payment-providers.ts';
import { SECOND_TRANCHE_DAYS } from '../../domain/schedule.ts';
import { BUILT_PROVIDERS } from '../../features/orders/offered-providers.ts';

// The online providers this build takes money with (the footer's badges name the same).
const online = providersText(BUILT_PROVIDERS);

/** One question with its answer (plain text paragraphs). */
interface FaqEntry {
  question: string;
  answer: string[];
}

/** A titled group of questions. */
export interface FaqGroup {
  title: string;
  entries: FaqEntry[];
}

/** The FAQ content, in display order. */
export const FAQ: FaqGroup[] = [
  {
    title: 'Commander',
    entries: [
      {
        question: 'Dois-je créer un compte pour commander ?',
        answer: [
          'Non. Vous pouvez remplir votre panier, votre liste de souhaits et votre panier de précommande sans compte, puis commander un pack en laissant simplement vos coordonnées dans le formulaire de réservation.',
          "Un compte vérifié est en revanche nécessaire pour suivre vos commandes depuis votre profil, passer une commande classique et accéder à l'achat à crédit.",
        ],
      },
      {
        question: 'Comment passer une commande sur le site ?',
        answer: [
          'Ajoutez les produits au panier avec le bouton « Commander », ouvrez le panier, vérifiez les quantités, choisissez le mode de paiement « A domicile » ou « En ligne », puis validez. Vous recevez une confirmation et un conseiller vous appelle pour convenir de la livraison.',
        ],
      },
      {
        question: 'Les prix affichés sont-ils définitifs ?',
        answer: [
          "Oui. Tous les prix sont indiqués en francs CFA (FCFA), toutes taxes comprises. Pour une livraison dans la région de Dakar, il n'y a rien à ajouter. Pour les autres régions, les frais de transport vous sont annoncés avant la confirmation de la commande.",
        ],
      },
      {
        question: "Qu'est-ce qu'une précommande ?",
        answer: [
          `La précommande permet de réserver un produit bientôt disponible à un prix de précommande. Vous le payez en trois tranches : 30 % à la commande, 30 % ${SECOND_TRANCHE_DAYS} jours plus tard, puis 40 % à la livraison. Chaque tranche se paie à la livraison ou en ligne depuis « Mes échéances » dans votre profil, et nous vous la rappelons par SMS trois jours avant son échéance.`,
        ],
      },
      {
        question: 'Que sont les packs ?',
        answer: [
          "Un pack réunit plusieurs appareils choisis pour aller ensemble (par exemple un réfrigérateur, un ventilateur et un mixeur) à un prix d'ensemble. Chaque pack a un code ; il s'ouvre dans le panier pack, où vous choisissez le mode de paiement avant de valider.",
        ],
      },
    ],
  },
  {
    title: 'Paiement et crédit',
    entries: [
      {
        question: 'Quels moyens de paiement acceptez-vous ?',
        answer: [
          `À domicile : en espèces, par Wave ou par Orange Money au moment de la livraison. ${online ? `En ligne : ${online}${BUILT_PROVIDERS.length > 1 ? ', au choix,' : ''} sur la page sécurisée du prestataire de paiement.` : 'Le paiement en ligne n’est pas proposé pour le moment.'}`,
        ],
      },
      {
        question: 'Qui peut acheter à crédit ?',
        answer: [
          "L'achat à crédit est réservé aux adhérents dont l'adhésion a été acceptée et qui sont rattachés à un compte parent (employeur, mutuelle ou association partenaire). Une fois l'adhésion acceptée, le bouton « À crédit » apparaît sur les produits éligibles.",
          'Toutes les étapes sont détaillées sur la page « Processus de commande à crédit ».',
        ],
      },
      {
        question: 'Le paiement en ligne est-il sûr ?',
        answer: [
          `Oui. La connexion au site est chiffrée et le paiement se fait chez le prestataire${online ? ` (${online})` : ''}. Nous ne voyons ni ne conservons jamais votre code secret.`,
        ],
      },
    ],
  },
  {
    title: 'Livraison, retours et garantie',
    entries: [
      {
        question: 'La livraison est-elle vraiment gratuite ?',
        answer: [
          'Oui, dans toute la région de Dakar (Dakar, Pikine, Guédiawaye, Keur Massar et Rufisque), quel que soit le montant de la commande. Les gros appareils sont livrés jusque dans votre logement et mis en service sur demande.',
        ],
      },
      {
        question: 'En combien de temps suis-je livré ?',
        answer: [
          'À Dakar, en 24 à 48 heures pour un produit en stock. Dans les autres régions du Sénégal, comptez en général 2 à 5 jours ouvrés selon la destination.',
        ],
      },
      {
        question: 'Puis-je retourner un produit ?',
        answer: [
          "Oui, dans les 7 jours qui suivent la livraison, si le produit n'a pas été utilisé et qu'il est rendu complet dans son emballage d'origine avec sa facture. Un produit défectueux à la livraison est échangé sans frais.",
        ],
      },
      {
        question: 'Les produits sont-ils garantis ?',
        answer: [
          "Tous nos produits sont neufs et couverts par la garantie du fabricant, d'au moins 12 mois. La durée exacte figure sur la fiche produit et sur votre facture. Pendant la garantie, la réparation ou l'échange est pris en charge par notre service après-vente.",
        ],
      },
      {
        question: 'Comment contacter le service après-vente ?',
        answer: [
          "Par téléphone, par WhatsApp ou par e-mail (coordonnées en bas de chaque page). Notre SAV répond à chaque demande sous 24h ouvrées et organise, si besoin, le passage d'un technicien.",
        ],
      },
      {
        question: 'Comment suivre ma commande ?',
        answer: [
          'Rendez-vous sur la page « Suivi de commande » et indiquez votre numéro de commande. Si vous avez un compte, vos commandes et leur état figurent aussi dans votre profil.',
        ],
      },
    ],
  },
];
