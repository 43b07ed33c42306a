import type { SessionPlanner } from './session-plan.js';

/** How a participant tends to behave; drawn once per participant. */
export type JourneyTraits = {
  /** Multiplies how many things the participant looks at, 0.6 to 1.6. */
  thoroughness: number;
  /** Multiplies emotion peak heights, 0.6 to 1.4. */
  expressiveness: number;
  /** Below 1 makes frustration peaks higher, 0.5 to 1.5. */
  patience: number;
};

/**
 * Plans the shop task "buy the Runner 2 in your size": home → category → product → basket →
 * checkout, with optional detours (back to the category, back from the basket), dwell, and the
 * demo site's known issues: a size guide hidden at the bottom of the product page, a discount
 * code that is refused, sold-out sizes, delivery costs; and what it does well (free delivery). `explore` scales how much is looked at,
 * so longer sessions are fuller rather than only slower. The number of random draws does not
 * depend on the planner's dwell scale, so a session can be re-planned to fit a target length.
 */
export function planWebJourney(p: SessionPlanner, traits: JourneyTraits, explore: number): void {
  const r = p.rng;
  const count = (base: number) =>
    Math.max(0, Math.round(base * traits.thoroughness * explore + r.uniform(-0.5, 0.5)));
  const joy = (a: number, b: number) => r.uniform(a, b) * traits.expressiveness;
  const attention = joy;
  const frustration = (a: number, b: number) => (r.uniform(a, b) * traits.expressiveness) / traits.patience;

  // Home
  p.openPage('home');
  p.wait(r.uniform(400, 900));
  p.lookAt('Hero title', r.uniform(800, 1800), 'read');
  if (r.chance(0.75)) {
    p.lookAt('Hero video', r.uniform(1500, 4000));
    if (r.chance(0.3) && p.click('Hero video')) {
      p.event('hero-video', 'Hero video', attention(1.4, 2.6));
      p.lookAt('Hero video', r.uniform(4000, 12000), 'point');
    } else if (r.chance(0.7)) {
      p.event('hero-video', 'Hero video', attention(0.9, 2));
    }
  }
  if (r.chance(0.3)) {
    p.lookAt('Promo bar', r.uniform(600, 1400), 'read');
    if (r.chance(0.5)) p.event('promotion', 'Promo bar', joy(0.8, 1.8));
  }
  if (r.chance(0.15)) {
    p.lookAt('Navigation', r.uniform(1500, 3000));
    p.event('navigation-search', 'Navigation', frustration(1, 2.2));
    p.lookAt('Navigation', r.uniform(1000, 3000));
  }
  const homeSections = [
    'Category tiles',
    'Bestsellers',
    'Product card Runner 2',
    'Service promises',
    'Newsletter',
  ];
  for (const name of r
    .sample(homeSections, count(2))
    .sort((a, b) => homeSections.indexOf(a) - homeSections.indexOf(b))) {
    p.lookAt(name, r.uniform(900, 2500));
  }
  p.lookAround(count(1));
  const homeExit = r.weighted([
    ['Nav running shoes', 0.35],
    ['Hero button', 0.3],
    ['Tile road', 0.15],
    ['Discover Runner 2', 0.1],
    ['Product card Runner 2', 0.1],
  ] as const);
  if (!p.followLink(homeExit)) p.followLink('Nav running shoes');

  if (p.page.name === 'category') browseCategory(p, traits, count, attention);
  // Long sessions: an undecided shopper goes back and forth between the range and the shoe.
  const rounds = Math.max(0, Math.round((explore - 2) * 1.2 * r.uniform(0.7, 1.3)));
  for (let i = 0; i < rounds; i++) compareRound(p, count);
  productPage(p, count, joy, attention, frustration);
  basketPage(p, count, joy);
  checkoutPage(p, joy, frustration);
  p.wait(r.uniform(1500, 3000));
}

type Amount = (a: number, b: number) => number;
type Count = (base: number) => number;

const CARDS = [
  'Product card Runner 2',
  'Product card Cloudline',
  'Product card Trailblazer GTX',
  'Product card Tempo Lite',
  'Product card Sprint Spike',
  'Product card Marathon Pro',
  'Product card Ridge Runner',
  'Product card Daily Trainer',
  'Product card Aero Flow',
  'Product card Mud Master',
  'Product card Kids Dash',
  'Product card Recovery Slide',
];

function browseCategory(p: SessionPlanner, _traits: JourneyTraits, count: Count, attention: Amount): void {
  const r = p.rng;
  p.wait(r.uniform(300, 700));
  p.lookAt('Page title', r.uniform(400, 900), 'read');
  if (r.chance(0.5)) {
    p.lookAt('Filters', r.uniform(1500, 4000), 'read');
    if (r.chance(0.7)) p.event('filters', 'Filters', attention(0.9, 2));
    if (r.chance(0.3) && p.click('Filters')) p.wait(r.uniform(600, 1200));
  }
  if (r.chance(0.2) && p.click('Sort')) p.lookAt('Sort', r.uniform(800, 1500));
  const cards = r.sample(CARDS, count(4)).sort((a, b) => CARDS.indexOf(a) - CARDS.indexOf(b));
  for (const card of cards) p.lookAt(card, r.uniform(700, 2000));
  if (r.chance(0.35)) p.lookAt('Buying guide text', r.uniform(2000, 6000), 'read');
  p.lookAround(count(1));
  p.followLink('Product card Runner 2');
}

function compareRound(p: SessionPlanner, count: Count): void {
  const r = p.rng;
  p.wait(r.uniform(300, 700));
  p.lookAt('Product images', r.uniform(1000, 3000));
  p.lookAt(
    r.pick(['Product description', 'Reviews', 'Size selector', 'Price']),
    r.uniform(1500, 4000),
    'read',
  );
  p.followLink('Nav running shoes');
  p.wait(r.uniform(300, 700));
  if (r.chance(0.3)) p.lookAt('Filters', r.uniform(1000, 2500), 'read');
  const cards = r
    .sample(CARDS.slice(1), Math.max(1, count(1)))
    .sort((a, b) => CARDS.indexOf(a) - CARDS.indexOf(b));
  for (const card of cards) p.lookAt(card, r.uniform(700, 2200));
  if (r.chance(0.2)) p.lookAt('Buying guide text', r.uniform(2000, 5000), 'read');
  p.lookAround(Math.min(4, count(0.5)));
  p.followLink('Product card Runner 2');
}

function productPage(
  p: SessionPlanner,
  count: Count,
  joy: Amount,
  attention: Amount,
  frustration: Amount,
): void {
  const r = p.rng;
  p.wait(r.uniform(300, 700));
  p.lookAt('Product images', r.uniform(1500, 4000));
  if (r.chance(0.55)) {
    const clicks = r.int(1, 3);
    for (let i = 0; i < clicks; i++) {
      p.click('Image thumbnails');
      p.lookAt('Product images', r.uniform(800, 2000));
    }
    if (r.chance(0.45)) p.event('product-images', 'Product images', attention(0.9, 2));
  }
  p.lookAt('Product title', r.uniform(500, 1000), 'read');
  p.lookAt('Price', r.uniform(400, 900));
  if (r.chance(0.4)) p.lookAt('Rating', r.uniform(500, 1000));

  if (r.chance(0.2)) {
    // Back to the category to compare, then back to the Runner 2.
    p.followLink('Nav running shoes');
    p.wait(r.uniform(300, 600));
    for (const card of r.sample(CARDS.slice(1), Math.max(1, count(2)))) p.lookAt(card, r.uniform(600, 1600));
    p.followLink('Product card Runner 2');
    p.wait(r.uniform(300, 600));
    p.lookAt('Product images', r.uniform(600, 1500));
  }
  if (r.chance(0.35) && p.click('Colour selector')) p.lookAt('Product images', r.uniform(500, 1000));

  p.lookAt('Size selector', r.uniform(1000, 2500));
  if (r.chance(0.2) && p.click('Size selector')) {
    p.lookAt('Size selector', r.uniform(800, 1500));
    p.event('size-sold-out', 'Size selector', frustration(0.9, 2));
  }
  let readReviews = false;
  if (r.chance(0.5)) {
    // Searching for the size guide, which sits in small print far below the size selector.
    p.lookAt('Delivery promise', r.uniform(600, 1400), 'read');
    p.lookAround(count(1));
    p.lookAt('Product description', r.uniform(1500, 3500), 'read');
    const found = r.chance(0.6);
    const peak = found ? frustration(1, 2) : frustration(1.6, 2.8);
    if (found) p.lookAt('Size guide link', r.uniform(800, 1600), 'point');
    else p.lookAt('Reviews', r.uniform(1000, 2500), 'read');
    p.event('size-guide-hidden', 'Size guide link', peak);
    readReviews = !found && r.chance(0.5);
    if (readReviews) {
      p.lookAt('Reviews', r.uniform(2000, 4000), 'read');
      p.event('reviews', 'Reviews', attention(0.8, 1.6));
    }
    p.lookAt('Size selector', r.uniform(600, 1200));
  }
  p.click('Size selector');
  p.wait(r.uniform(300, 700));
  if (!readReviews && r.chance(0.3)) {
    p.lookAt('Reviews', r.uniform(2000, 6000), 'read');
    if (r.chance(0.6)) p.event('reviews', 'Reviews', attention(0.8, 1.8));
  }
  p.click('Add to basket button');
  if (r.chance(0.75)) p.event('added-to-basket', 'Add to basket button', joy(1, 2.4));
  p.wait(r.uniform(800, 1600));
  p.followLink('Basket link');
}

function basketPage(p: SessionPlanner, count: Count, joy: Amount): void {
  const r = p.rng;
  p.wait(r.uniform(300, 600));
  p.lookAt('Page title', r.uniform(400, 800), 'read');
  p.lookAt('Basket item', r.uniform(1200, 3000), 'read');
  if (r.chance(0.25)) {
    p.click('Quantity stepper');
    p.wait(r.uniform(400, 900));
    p.click('Quantity stepper');
  }
  p.lookAt('Order summary', r.uniform(1200, 2500), 'read');
  // Free delivery and a clear total: the basket is where the shop does well.
  if (r.chance(0.55)) p.event('basket-summary', 'Order summary', joy(0.9, 2.1));
  if (r.chance(0.12)) {
    // Back to the shoe to check the size, then back to the basket.
    p.followLink('Continue shopping link');
    for (const card of r.sample(CARDS, Math.max(1, count(1)))) p.lookAt(card, r.uniform(500, 1200));
    p.followLink('Product card Runner 2');
    p.lookAt('Size selector', r.uniform(800, 1500));
    p.followLink('Basket link');
    p.lookAt('Basket item', r.uniform(600, 1200));
  }
  if (r.chance(0.3)) p.lookAt('Recommended products', r.uniform(1000, 2500));
  p.lookAround(count(1));
  p.followLink('Checkout button');
}

function checkoutPage(p: SessionPlanner, joy: Amount, frustration: Amount): void {
  const r = p.rng;
  p.wait(r.uniform(300, 700));
  p.lookAt('Checkout steps', r.uniform(500, 1200), 'read');
  p.lookAt('Page title', r.uniform(300, 600));
  const fields: [string, number, number][] = [
    ['E-mail field', 3000, 7000],
    ['First name field', 1500, 3500],
    ['Last name field', 1500, 4000],
    ['Postcode field', 1500, 3000],
    ['House number field', 800, 1800],
    ['Street field', 2500, 6000],
  ];
  for (const [name, a, b] of fields) {
    const ms = r.uniform(a, b);
    if (!r.chance(0.08)) p.type(name, ms);
  }
  p.lookAt('Delivery options', r.uniform(1500, 3500), 'read');
  const delivery = r.weighted([
    ['evening', 0.3],
    ['pick-up point', 0.2],
    ['standard', 0.5],
  ] as const);
  if (delivery === 'evening') {
    p.click('Delivery evening');
    p.lookAt('Delivery options', r.uniform(800, 1500), 'read');
    if (r.chance(0.6)) p.event('delivery-costs', 'Delivery options', frustration(0.8, 1.8));
    p.click('Delivery standard');
  } else if (delivery === 'pick-up point') {
    p.click('Delivery pick-up point');
  }
  p.lookAt('Payment method', r.uniform(1000, 2000), 'read');
  p.click(
    r.weighted([
      ['Payment iDEAL', 0.6],
      ['Payment card', 0.25],
      ['Payment PayPal', 0.15],
    ] as const),
  );
  if (r.chance(0.6)) {
    p.lookAt('Order summary', r.uniform(800, 1500));
    p.type('Discount code field', r.uniform(2000, 4500));
    p.click('Apply discount button');
    p.lookAt('Discount error message', r.uniform(1200, 2500), 'read');
    const retries = r.chance(0.4);
    if (r.chance(0.85) || retries)
      p.event('discount-code-rejected', 'Discount code field', frustration(1.2, 2.4));
    if (retries) {
      p.type('Discount code field', r.uniform(1500, 3000));
      p.click('Apply discount button');
      p.lookAt('Discount error message', r.uniform(800, 1500), 'read');
      p.event('discount-code-rejected', 'Discount code field', frustration(1.6, 3));
    }
  }
  p.lookAt('Order summary', r.uniform(800, 1800), 'read');
  p.click('Pay button');
  if (r.chance(0.5)) p.event('order-placed', 'Pay button', joy(0.9, 2));
}
