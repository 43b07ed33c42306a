import type { PageName } from './site-layout.js';

/**
 * What the provider's researchers write by hand for the demo tests: names for the shop's pages,
 * a line about each tag, and for the tags that name a finding, the title of its insight and how
 * much work fixing it is. Everything with a number in it comes from the recordings instead.
 */

/** The names a researcher gives the demo shop's pages (page titles, labels). */
export const DEMO_PAGE_LABELS: Readonly<Record<PageName, string>> = {
  home: 'Home',
  category: 'Running shoes',
  product: 'Runner 2',
  basket: 'Basket',
  checkout: 'Checkout',
};

/** The researcher's name of a page of the shop's layout; its HTML title for a page not listed. */
export function demoPageLabel(page: { name: string; title: string }): string {
  return Object.entries(DEMO_PAGE_LABELS).find(([name]) => name === page.name)?.[1] ?? page.title;
}

/** One line per tag of the phrase bank, as a researcher describes the tag for the client. */
export const DEMO_TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Hero: 'The large video and headline at the top of the home page',
  Video: 'Moving images: the hero video of the shop, or the commercial itself',
  Promotion: 'The promo bar announcing free delivery and free returns',
  'Delivery costs': 'What shoppers notice and say about the cost of delivery',
  Navigation: 'Finding the way through the main menu to the running shoes',
  Filters: 'The filters of the range: surface, cushioning, and the size filter shoppers miss',
  'Product images': 'Photos of the shoe and the thumbnails that switch between them',
  'Size guide': 'Finding and reading the size chart of the Runner 2',
  'Product page': 'Anything on the Runner 2 product page',
  'Size selector': 'Choosing a size, including the sizes that are sold out',
  Reviews: 'Ratings and reviews by other runners on the product page',
  'Add to basket': 'The moment the shoe goes into the basket',
  'Order summary': 'The summary of the basket: subtotal, delivery and total',
  'Delivery options': 'Choosing standard, evening or pick-up point delivery at checkout',
  Checkout: 'Anything on the checkout page: address, delivery, discount and payment',
  'Discount code': 'Entering a discount code, and the error when it is refused',
  Payment: 'Choosing a payment method and placing the order',
  Branding: 'Where the Acme Running logo and name appear in the commercial',
  Storyline: 'Following the runner through the story of the commercial',
  Price: 'The moment the price of the Runner 2 is shown',
  Humour: 'The light moments: the dog running along, the closing joke',
  'Call to action': 'The closing call to visit the webshop',
};

/** Effort of a fix on the suggestions' scale: 1 low, 2 medium, 3 high. */
export type Effort = 1 | 2 | 3;

/**
 * The tags that name one finding of the demo shop, in the order that decides a point's finding
 * when it has two of them (a filters point is also tagged Navigation): its insight's title and
 * the researchers' estimate of the work a fix takes.
 */
export const DEMO_INSIGHT_TOPICS: readonly { tag: string; title: string; effort: Effort }[] = [
  { tag: 'Discount code', title: 'A refused discount code frustrates at checkout', effort: 2 },
  { tag: 'Size guide', title: 'The size guide is hard to find', effort: 1 },
  { tag: 'Size selector', title: 'Sold-out sizes surprise shoppers', effort: 2 },
  { tag: 'Delivery options', title: 'Paid evening delivery causes hesitation', effort: 2 },
  { tag: 'Filters', title: 'Shoppers look for a size filter', effort: 2 },
  { tag: 'Navigation', title: 'The menu does not lead straight to running shoes', effort: 3 },
  { tag: 'Hero', title: 'The hero video draws the eye first', effort: 1 },
  { tag: 'Product images', title: 'Shoppers study the product photos closely', effort: 2 },
  { tag: 'Reviews', title: 'Reviews about the fit reassure before buying', effort: 1 },
  { tag: 'Add to basket', title: 'Adding the shoe to the basket feels good', effort: 1 },
  { tag: 'Order summary', title: 'A clear basket total with free delivery reassures', effort: 1 },
  { tag: 'Promotion', title: 'Free delivery in the promo bar pleases', effort: 1 },
  { tag: 'Payment', title: 'Paying with a familiar method brings relief', effort: 1 },
];
