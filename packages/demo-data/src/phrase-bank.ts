import type { Emotion } from '@limbus/analytics';

/**
 * What can happen to a participant, the emotion it moves, the tags a researcher would give it
 * and the comments a researcher would write about it, in Dutch and English. Comments are in the
 * style of annotations on significant points: short, third person, present tense.
 */
type KindInfo = {
  emotion: Emotion;
  tags: readonly string[];
  nl: readonly string[];
  en: readonly string[];
};

export const EVENT_KINDS = {
  'hero-video': {
    emotion: 'attention',
    tags: ['Hero', 'Video'],
    nl: [
      'Kijkt geboeid naar de video in de hero',
      'Aandacht wordt direct getrokken door de bewegende video bovenaan',
      'Blijft hangen bij de video en start hem zelf',
    ],
    en: [
      'Drawn straight to the video in the hero',
      'Watches the hero video closely before scrolling on',
      'Clicks play on the hero video and keeps watching',
    ],
  },
  promotion: {
    emotion: 'joy',
    tags: ['Promotion', 'Delivery costs'],
    nl: [
      'Blij verrast door gratis verzending vanaf 50 euro',
      'Reageert positief op de melding over gratis retourneren',
      'Ziet de actiebalk en noemt gratis verzending een pluspunt',
    ],
    en: [
      'Pleased to see free delivery over 50 euros',
      'Reacts positively to the free returns message in the top bar',
      'Notices the promo bar and calls free delivery a plus',
    ],
  },
  'navigation-search': {
    emotion: 'frustration',
    tags: ['Navigation'],
    nl: [
      'Twijfelt tussen de menu-items en weet niet waar hardloopschoenen staan',
      'Zoekt lang in het menu naar de juiste categorie',
      'Beweegt heen en weer over de navigatie zonder te klikken',
    ],
    en: [
      'Hesitates between menu items, unsure where running shoes are',
      'Searches the menu for a long time to find the right category',
      'Moves back and forth over the navigation without clicking',
    ],
  },
  filters: {
    emotion: 'attention',
    tags: ['Filters', 'Navigation'],
    nl: [
      'Bekijkt de filters aandachtig en zoekt een maatfilter',
      'Gebruikt de filters om het aanbod te verkleinen',
      'Leest de filteropties op ondergrond en demping door',
    ],
    en: [
      'Studies the filters and looks for a size filter',
      'Uses the filters to narrow down the range',
      'Reads through the surface and cushioning filter options',
    ],
  },
  'product-images': {
    emotion: 'attention',
    tags: ['Product images'],
    nl: [
      'Bekijkt de productfoto’s uitgebreid en klikt door de thumbnails',
      'Wil de schoen van alle kanten zien en zoekt een zij-aanzicht',
      'Zoomt in gedachten in op de zool van de schoen',
    ],
    en: [
      'Looks at the product images at length and clicks through the thumbnails',
      'Wants to see the shoe from every angle',
      'Focuses on the sole in the product photo',
    ],
  },
  'size-guide-hidden': {
    emotion: 'frustration',
    tags: ['Size guide', 'Product page'],
    nl: [
      'Zoekt de maattabel maar vindt hem niet',
      'Verwacht de maattabel bij de maatkeuze en raakt geïrriteerd',
      'Scrolt op en neer op zoek naar informatie over de pasvorm',
    ],
    en: [
      'Looks for the size guide but cannot find it',
      'Expects the size guide next to the size selector and gets annoyed',
      'Scrolls up and down looking for fit information',
    ],
  },
  'size-sold-out': {
    emotion: 'frustration',
    tags: ['Size selector', 'Product page'],
    nl: [
      'Baalt dat de gewenste maat uitverkocht is',
      'Klikt op een doorgestreepte maat en begrijpt niet waarom er niets gebeurt',
      'Merkt pas laat dat de maat niet leverbaar is',
    ],
    en: [
      'Disappointed that the size is sold out',
      'Clicks a crossed-out size and does not understand why nothing happens',
      'Only notices late that the size is unavailable',
    ],
  },
  reviews: {
    emotion: 'attention',
    tags: ['Reviews', 'Product page'],
    nl: [
      'Leest de reviews aandachtig voordat de keuze valt',
      'Let vooral op reviews over de pasvorm',
      'Zoekt bevestiging in de beoordelingen van andere lopers',
    ],
    en: [
      'Reads the reviews carefully before deciding',
      'Pays most attention to reviews about the fit',
      'Looks for reassurance in other runners’ ratings',
    ],
  },
  'added-to-basket': {
    emotion: 'joy',
    tags: ['Add to basket', 'Product page'],
    nl: [
      'Tevreden na het toevoegen aan het winkelmandje',
      'Glimlacht als de schoen in het mandje komt',
      'Voelt zich zeker van de keuze en voegt direct toe',
    ],
    en: [
      'Satisfied after adding the shoe to the basket',
      'Smiles when the shoe lands in the basket',
      'Feels confident about the choice and adds it right away',
    ],
  },
  'delivery-costs': {
    emotion: 'frustration',
    tags: ['Delivery options', 'Checkout'],
    nl: [
      'Schrikt van de kosten voor avondlevering',
      'Snapt niet waarom de ene bezorgoptie wel geld kost',
      'Vergelijkt de bezorgopties en twijfelt',
    ],
    en: [
      'Surprised by the cost of evening delivery',
      'Does not understand why one delivery option costs extra',
      'Compares the delivery options and hesitates',
    ],
  },
  'discount-code-rejected': {
    emotion: 'frustration',
    tags: ['Discount code', 'Checkout'],
    nl: [
      'Gefrustreerd dat de kortingscode niet werkt',
      'Probeert de kortingscode opnieuw en geeft het dan op',
      'Leest de foutmelding bij de kortingscode twee keer en zucht',
    ],
    en: [
      'Frustrated that the discount code is rejected',
      'Tries the discount code again and then gives up',
      'Reads the discount code error twice and sighs',
    ],
  },
  'order-placed': {
    emotion: 'joy',
    tags: ['Checkout', 'Payment'],
    nl: [
      'Opgelucht dat het afrekenen gelukt is',
      'Vindt betalen met iDEAL vertrouwd en snel',
      'Tevreden over hoe soepel de bestelling verliep',
    ],
    en: [
      'Relieved that the payment went through',
      'Finds paying with iDEAL familiar and quick',
      'Happy with how smoothly the order went',
    ],
  },
  'video-brand': {
    emotion: 'attention',
    tags: ['Branding', 'Video'],
    nl: ['Herkent het logo direct bij de opening', 'Kijkt gericht naar het merk in beeld'],
    en: ['Recognises the logo as soon as it appears', 'Looks straight at the brand on screen'],
  },
  'video-action': {
    emotion: 'attention',
    tags: ['Storyline', 'Video'],
    nl: ['Volgt de hardloper gespannen door de bocht', 'Zit op het puntje van de stoel bij de sprint'],
    en: ['Follows the runner tensely through the bend', 'On the edge of the seat during the sprint'],
  },
  'video-product': {
    emotion: 'joy',
    tags: ['Product images', 'Video'],
    nl: ['Vindt de close-up van de schoen mooi in beeld gebracht', 'Reageert enthousiast op de nieuwe kleur'],
    en: ['Likes how the close-up shows the shoe', 'Reacts with enthusiasm to the new colour'],
  },
  'video-price': {
    emotion: 'frustration',
    tags: ['Price', 'Video'],
    nl: ['Fronst bij het zien van de prijs', 'Vindt de prijs hoger dan verwacht'],
    en: ['Frowns when the price appears', 'Finds the price higher than expected'],
  },
  'video-humour': {
    emotion: 'joy',
    tags: ['Humour', 'Video'],
    nl: ['Moet lachen om de hond die meerent', 'Vindt de grap aan het eind leuk gevonden'],
    en: ['Laughs at the dog running along', 'Enjoys the joke at the end'],
  },
  'video-call-to-action': {
    emotion: 'attention',
    tags: ['Call to action', 'Video'],
    nl: ['Leest de afsluitende oproep aandachtig', 'Let op de webshop-link aan het eind'],
    en: ['Reads the call to action carefully', 'Notices the shop link at the end'],
  },
} as const satisfies Record<string, KindInfo>;

export type EventKind = keyof typeof EVENT_KINDS;

/** Every tag name the bank can suggest, for seeding a test's tags. */
export const DEMO_TAG_NAMES: readonly string[] = [
  ...new Set(Object.values(EVENT_KINDS).flatMap((k) => k.tags as readonly string[])),
];

export function eventKindInfo(kind: EventKind): KindInfo {
  return EVENT_KINDS[kind];
}
