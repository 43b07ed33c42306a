import type { Emotion } from '@limbus/analytics';

/**
 * What can happen to a participant, the emotion it moves, the tags a researcher would give it
 * and the comments a researcher would write about it, in Dutch and English: `nl[i]` and `en[i]`
 * are the same comment, so either is the other's translation. Comments are in the style of
 * annotations on significant points: short, third person, present tense.
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
      'Wacht tot de video de schoen in actie laat zien',
      'Laat de video twee keer spelen voordat het verder scrolt',
      'Vraagt zich af of de video over deze schoen gaat',
    ],
    en: [
      'Watches the video in the hero, captivated',
      'Attention is drawn straight to the moving video at the top',
      'Lingers on the video and starts it themselves',
      'Waits for the video to show the shoe in action',
      'Lets the video play twice before scrolling on',
      'Wonders whether the video is about this shoe',
    ],
  },
  promotion: {
    emotion: 'joy',
    tags: ['Promotion', 'Delivery costs'],
    nl: [
      'Blij verrast door gratis verzending vanaf 50 euro',
      'Reageert positief op de melding over gratis retourneren',
      'Ziet de actiebalk en noemt gratis verzending een pluspunt',
      'Leest de actiebalk en rekent uit of 50 euro gehaald wordt',
      'Noemt gratis retourneren een reden om hier te kopen',
      'Glimlacht bij de melding over dertig dagen retourtijd',
    ],
    en: [
      'Pleasantly surprised by free delivery from 50 euros',
      'Reacts positively to the message about free returns',
      'Notices the promo bar and calls free delivery a plus',
      'Reads the promo bar and works out whether the order reaches 50 euros',
      'Calls free returns a reason to buy here',
      'Smiles at the message about thirty days to return',
    ],
  },
  'navigation-search': {
    emotion: 'frustration',
    tags: ['Navigation'],
    nl: [
      'Twijfelt tussen de menu-items en weet niet waar hardloopschoenen staan',
      'Zoekt lang in het menu naar de juiste categorie',
      'Beweegt heen en weer over de navigatie zonder te klikken',
      'Opent het menu drie keer voordat de categorie gevonden is',
      'Verwacht hardloopschoenen onder Sport en vindt ze daar niet',
      'Gaat uiteindelijk via de zoekbalk in plaats van het menu',
    ],
    en: [
      'Hesitates between the menu items, unsure where the running shoes are',
      'Searches the menu for a long time to find the right category',
      'Moves back and forth over the navigation without clicking',
      'Opens the menu three times before finding the category',
      'Expects running shoes under Sport and does not find them there',
      'Ends up using the search bar instead of the menu',
    ],
  },
  filters: {
    emotion: 'attention',
    tags: ['Filters', 'Navigation'],
    nl: [
      'Bekijkt de filters aandachtig en zoekt een maatfilter',
      'Gebruikt de filters om het aanbod te verkleinen',
      'Leest de filteropties op ondergrond en demping door',
      'Mist een filter op breedte van de schoen',
      'Zet een filter aan en weer uit om het verschil te zien',
      'Telt hoeveel schoenen er overblijven na het filteren',
    ],
    en: [
      'Studies the filters closely, looking for a size filter',
      'Uses the filters to narrow down the range',
      'Reads through the surface and cushioning filter options',
      'Misses a filter for the width of the shoe',
      'Turns a filter on and off again to see the difference',
      'Counts how many shoes are left after filtering',
    ],
  },
  'product-images': {
    emotion: 'attention',
    tags: ['Product images'],
    nl: [
      'Bekijkt de productfoto’s uitgebreid en klikt door de thumbnails',
      'Wil de schoen van alle kanten zien en zoekt een zij-aanzicht',
      'Kijkt lang naar de zool op de productfoto',
      'Zoomt in op de stof van het bovenwerk',
      'Vergelijkt de kleur op de foto met die in de lijst',
      'Zoekt een foto van de schoen aan een voet',
    ],
    en: [
      'Looks at the product photos at length and clicks through the thumbnails',
      'Wants to see the shoe from every side and looks for a side view',
      'Looks at the sole in the product photo for a long time',
      'Zooms in on the fabric of the upper',
      'Compares the colour in the photo with the one in the list',
      'Looks for a photo of the shoe being worn',
    ],
  },
  'size-guide-hidden': {
    emotion: 'frustration',
    tags: ['Size guide', 'Product page'],
    nl: [
      'Zoekt de maattabel maar vindt hem niet',
      'Verwacht de maattabel bij de maatkeuze en raakt geïrriteerd',
      'Scrolt op en neer op zoek naar informatie over de pasvorm',
      'Opent de reviews in de hoop daar iets over de maat te lezen',
      'Twijfelt tussen twee maten en vindt geen hulp op de pagina',
      'Zegt hardop dat de maattabel wel erg goed verstopt zit',
    ],
    en: [
      'Looks for the size guide but cannot find it',
      'Expects the size guide next to the size selector and gets annoyed',
      'Scrolls up and down looking for information about the fit',
      'Opens the reviews hoping to read something about the size there',
      'Hesitates between two sizes and finds no help on the page',
      'Says out loud that the size guide is very well hidden',
    ],
  },
  'size-sold-out': {
    emotion: 'frustration',
    tags: ['Size selector', 'Product page'],
    nl: [
      'Baalt dat de gewenste maat uitverkocht is',
      'Klikt op een doorgestreepte maat en begrijpt niet waarom er niets gebeurt',
      'Merkt pas laat dat de maat niet leverbaar is',
      'Zoekt een melding om een seintje te krijgen als de maat terug is',
      'Kiest met tegenzin een halve maat groter',
      'Verlaat de pagina even om een andere kleur te bekijken',
    ],
    en: [
      'Annoyed that the size they want is sold out',
      'Clicks a crossed-out size and does not understand why nothing happens',
      'Only notices late that the size is not available',
      'Looks for a way to be told when the size is back',
      'Reluctantly picks half a size larger',
      'Leaves the page for a moment to look at another colour',
    ],
  },
  reviews: {
    emotion: 'attention',
    tags: ['Reviews', 'Product page'],
    nl: [
      'Leest de reviews aandachtig voordat de keuze valt',
      'Let vooral op reviews over de pasvorm',
      'Zoekt bevestiging in de beoordelingen van andere lopers',
      'Sorteert de reviews op meest recent',
      'Leest vooral de reviews met drie sterren',
      'Vergelijkt wat reviewers over de demping zeggen',
    ],
    en: [
      'Reads the reviews carefully before making a choice',
      'Pays most attention to reviews about the fit',
      'Looks for reassurance in the ratings of other runners',
      'Sorts the reviews by most recent',
      'Reads the three-star reviews above all',
      'Compares what reviewers say about the cushioning',
    ],
  },
  'added-to-basket': {
    emotion: 'joy',
    tags: ['Add to basket', 'Product page'],
    nl: [
      'Tevreden na het toevoegen aan het winkelmandje',
      'Glimlacht als de schoen in het mandje komt',
      'Voelt zich zeker van de keuze en voegt direct toe',
      'Knikt tevreden bij de bevestiging dat de schoen in het mandje zit',
      'Vindt het toevoegen aan het mandje snel en duidelijk',
      'Ziet het aantal in het mandje oplopen en gaat meteen door',
    ],
    en: [
      'Satisfied after adding the shoe to the basket',
      'Smiles when the shoe lands in the basket',
      'Feels sure of the choice and adds it right away',
      'Nods at the confirmation that the shoe is in the basket',
      'Finds adding to the basket quick and clear',
      'Sees the basket count go up and carries straight on',
    ],
  },
  'basket-summary': {
    emotion: 'joy',
    tags: ['Order summary', 'Delivery costs'],
    nl: [
      'Blij dat de bezorging gratis is en het totaal klopt',
      'Vindt het overzicht in het mandje helder en rustig',
      'Ziet geen verborgen kosten en gaat met vertrouwen door',
      'Controleert maat en kleur in het mandje en is gerustgesteld',
      'Vindt het prettig dat de levertijd al in het mandje staat',
      'Leest het totaalbedrag en zegt dat het klopt met de verwachting',
    ],
    en: [
      'Glad that delivery is free and the total adds up',
      'Finds the summary of the basket clear and calm',
      'Sees no hidden costs and carries on with confidence',
      'Checks size and colour in the basket and is reassured',
      'Likes that the delivery time is already shown in the basket',
      'Reads the total and says it matches what was expected',
    ],
  },
  'delivery-costs': {
    emotion: 'frustration',
    tags: ['Delivery options', 'Checkout'],
    nl: [
      'Schrikt van de kosten voor avondlevering',
      'Snapt niet waarom de ene bezorgoptie wel geld kost',
      'Vergelijkt de bezorgopties en twijfelt',
      'Zoekt waar de bezorgkosten vandaan komen',
      'Kiest toch standaardlevering om de kosten te vermijden',
      'Vindt dat de kosten eerder getoond hadden moeten worden',
    ],
    en: [
      'Taken aback by the cost of evening delivery',
      'Does not see why one delivery option costs money',
      'Compares the delivery options and hesitates',
      'Looks for where the delivery costs come from',
      'Chooses standard delivery after all to avoid the cost',
      'Feels the cost should have been shown earlier',
    ],
  },
  'discount-code-rejected': {
    emotion: 'frustration',
    tags: ['Discount code', 'Checkout'],
    nl: [
      'Gefrustreerd dat de kortingscode niet werkt',
      'Probeert de kortingscode opnieuw en geeft het dan op',
      'Leest de foutmelding bij de kortingscode twee keer en zucht',
      // one long observation: the Insights PDF cuts comments at 190 characters (spec 3 §2)
      'Typt de kortingscode uit de nieuwsbrief, krijgt een foutmelding, scrolt terug naar boven om de spelling te controleren, typt de code nog een keer met hetzelfde resultaat en zegt dan hardop dat ze dan maar de volle prijs betaalt, zichtbaar geïrriteerd',
    ],
    en: [
      'Frustrated that the discount code does not work',
      'Tries the discount code again and then gives up',
      'Reads the error at the discount code twice and sighs',
      'Types the discount code from the newsletter, gets an error, scrolls back up to check the spelling, types the code once more with the same result and then says out loud that she will just pay the full price, visibly annoyed',
    ],
  },
  'order-placed': {
    emotion: 'joy',
    tags: ['Payment', 'Checkout'],
    nl: [
      'Opgelucht dat het afrekenen gelukt is',
      'Vindt betalen met iDEAL vertrouwd en snel',
      'Tevreden over hoe soepel de bestelling verliep',
      'Leest de bevestigingsmail op de telefoon en is tevreden',
      'Vindt het bedankscherm overzichtelijk',
      'Zegt dat de volgende bestelling hier ook mag',
    ],
    en: [
      'Relieved that the payment went through',
      'Finds paying with iDEAL familiar and quick',
      'Pleased with how smoothly the order went',
      'Reads the confirmation e-mail on the phone and is pleased',
      'Finds the thank-you screen clear',
      'Says the next order can be placed here too',
    ],
  },
  'video-brand': {
    emotion: 'attention',
    tags: ['Branding', 'Video'],
    nl: [
      'Herkent het logo direct bij de opening',
      'Kijkt gericht naar het merk in beeld',
      'Noemt het merk al voordat het logo in beeld is',
    ],
    en: [
      'Recognises the logo as soon as the film opens',
      'Looks straight at the brand on screen',
      'Names the brand before the logo is on screen',
    ],
  },
  'video-action': {
    emotion: 'attention',
    tags: ['Storyline', 'Video'],
    nl: [
      'Volgt de hardloper gespannen door de bocht',
      'Zit op het puntje van de stoel bij de sprint',
      'Leunt naar voren als de hardloper versnelt',
    ],
    en: [
      'Follows the runner tensely through the bend',
      'On the edge of the seat during the sprint',
      'Leans forward as the runner speeds up',
    ],
  },
  'video-product': {
    emotion: 'joy',
    tags: ['Product images', 'Video'],
    nl: [
      'Vindt de close-up van de schoen mooi in beeld gebracht',
      'Reageert enthousiast op de nieuwe kleur',
      'Wil weten of de schoen ook in het wit bestaat',
    ],
    en: [
      'Likes how the close-up shows the shoe',
      'Reacts with enthusiasm to the new colour',
      'Wants to know whether the shoe also comes in white',
    ],
  },
  'video-price': {
    emotion: 'frustration',
    tags: ['Price', 'Video'],
    nl: [
      'Fronst bij het zien van de prijs',
      'Vindt de prijs hoger dan verwacht',
      'Vraagt zich af of er een korting komt',
    ],
    en: [
      'Frowns when the price appears',
      'Finds the price higher than expected',
      'Wonders whether there will be a discount',
    ],
  },
  'video-humour': {
    emotion: 'joy',
    tags: ['Humour', 'Video'],
    nl: [
      'Moet lachen om de hond die meerent',
      'Vindt de grap aan het eind leuk gevonden',
      'Grinnikt om de blik van de hardloper',
    ],
    en: [
      'Laughs at the dog running along',
      'Finds the joke at the end clever',
      'Chuckles at the look on the runner’s face',
    ],
  },
  'video-call-to-action': {
    emotion: 'attention',
    tags: ['Call to action', 'Video'],
    nl: [
      'Leest de afsluitende oproep aandachtig',
      'Let op de webshop-link aan het eind',
      'Onthoudt de naam van de webshop',
    ],
    en: [
      'Reads the closing call to action carefully',
      'Notices the link to the webshop at the end',
      'Remembers the name of the webshop',
    ],
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
