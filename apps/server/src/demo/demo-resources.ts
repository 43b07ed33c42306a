import type { ResourceType } from '@limbus/contract';
import type { Executor } from '../db/client.js';
import { toIsoDate } from '../modules/contracts/contract-rules.js';
import { insertResource, setResourceTags } from '../modules/resources/resources.service.js';
import { sanitizeResourceBody } from '../rich-text/sanitize-rich-text.js';

type DemoArticle = {
  title: string;
  type: ResourceType;
  tags: string[];
  daysAgo: number;
  published: boolean;
  body: string;
};

/** The library of the demo: one article of each type, written for Limbus users, and one draft. */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'How to order a test, and what the add-ons give you',
    type: 0,
    tags: ['Ordering', 'Add-ons', 'Getting started'],
    daysAgo: 2,
    published: true,
    body: `
<p>Every study in Limbus starts in <strong>User tests</strong> with <strong>Create test</strong>. This guide walks through the form and explains the choices that change what you get back.</p>
<h2>1. Choose the kind of test</h2>
<ul>
<li><strong>Website &amp; apps</strong>: participants use your site or app on desktop or mobile while we record their screen, emotions (frustration, joy, attention), eye movements and mouse or touch.</li>
<li><strong>Videos</strong>: participants watch one video, such as a commercial, and you see second by second where it holds or loses them.</li>
</ul>
<h2>2. Describe the test</h2>
<p>For a website or app test, the name, the purpose, the scenario (the task you give participants) and the end point (the moment the task is done, for example the order confirmation page) are required. Add the start URL so that the session opens in the right place.</p>
<ul>
<li><strong>Areas of focus</strong>: the elements you most want to learn about. Essential tests take one, Professional tests up to three.</li>
<li><strong>Open questions</strong>: up to three questions participants answer after the task.</li>
<li><strong>Associations</strong>: up to five words participants can pick to describe the experience.</li>
</ul>
<p>For a video test you give a name and a purpose, and upload the video as MP4, MOV or MKV.</p>
<h2>3. Choose the target group</h2>
<p>By default we recruit a Dutch representative sample (for a video test: a Dutch representative group of ten participants). Choose a custom target group when you need specific people, and describe them in the requirements field; a custom group costs extra.</p>
<h2>4. Add-ons</h2>
<ul>
<li><strong>Individual participant data (+900)</strong>: ten participant videos. For a video test it unlocks the <em>Participants</em> screen, where you watch each participant with their emotion chart and answers, and star the ones you want to share.</li>
<li><strong>Tagon (+2500)</strong>: switch it on in the form when your consultant has proposed it for your study; they confirm its scope with you before the test starts.</li>
</ul>
<h2>5. Save as draft or request</h2>
<p><strong>Save as draft</strong> keeps the test for later; only the name needs to be filled in, and you can edit or delete the draft at any time. <strong>Request test</strong> checks the whole form and sends the test to our team; from then on it opens read-only.</p>
<p>Requesting uses one test of your contract of the chosen type (Essential or Professional). When none are left, the form shows a banner: you can still save the test as a draft, and one of our team members will get in touch about the next steps.</p>
`,
  },
  {
    title: 'Reading your results: emotions, significant points and tags',
    type: 0,
    tags: ['Results', 'Emotions', 'Getting started'],
    daysAgo: 9,
    published: true,
    body: `
<p>When your test is done, its card in <strong>User tests</strong> opens the results. Here is how to read them without getting lost.</p>
<h2>Three emotions, three colours</h2>
<p>Throughout the dashboard <strong>frustration</strong> is pink, <strong>joy</strong> green and <strong>attention</strong> yellow. The curves show how each participant felt from moment to moment during the task.</p>
<h2>Significant points</h2>
<p>A significant point is a peak in one of the emotions. Our researchers look at every peak in the recording, write what happened and tag it, for example <em>Delivery options</em> or <em>Discount code</em>. Peaks that turn out to be noise are marked as false positives and left out.</p>
<h2>Neurofeedback next to the recording</h2>
<p>While a recording plays, the neurofeedback cards show the points from five seconds before to seven seconds after the current moment, so you see what led up to a reaction and what followed. A card links to its tag, and the page title links to the insights of that page.</p>
<h2>Pages and tags (Professional)</h2>
<p><strong>Pages</strong> ranks the pages of your site by the chosen emotion, and <strong>Tags</strong> does the same for the tagged subjects. Use the filters for the minimum number of participants (5 by default) so that one strong reaction does not decide the ranking.</p>
<h2>Insights and suggestions</h2>
<p>Insights group the points that tell one story, with an explanation and a summary. Suggestions turn them into work: each has an effort, an impact and a next step. Start with high impact and low effort.</p>
<p><strong>Tip:</strong> recording length and time to complete can differ slightly because video and mouse data are captured by separate processes. A difference of a second or two is expected.</p>
`,
  },
  {
    title: 'Essential or Professional: choosing the depth of your test',
    type: 1,
    tags: ['Ordering', 'Professional', 'Research'],
    daysAgo: 16,
    published: true,
    body: `
<p>Both tiers record the same data: screen, emotions, eye tracking and mouse or touch. The difference lies in how far we take the analysis for you.</p>
<h2>Essential: one question, answered well</h2>
<p>An Essential test takes one area of focus. It suits a clear, narrow question: <em>is the new size guide found and understood?</em> You get the overview, the recordings with neurofeedback, and the insights on that focus.</p>
<h2>Professional: the whole journey</h2>
<p>A Professional test takes up to three areas of focus and unlocks the screens that compare across your site:</p>
<ul>
<li><strong>Pages</strong>: which pages score highest on frustration, joy or attention, and why.</li>
<li><strong>Tags</strong>: the subjects participants reacted to, ranked and compared.</li>
<li><strong>Three extra consultant findings</strong> and a <strong>consultant presentation</strong> of the results.</li>
</ul>
<h2>How to choose</h2>
<p>Pick Essential when you already know where the problem is and want evidence. Pick Professional when you want to find out where the problem is, for example before a redesign of a whole flow. An Essential test shows the Professional screens as an Upgrade tile; the Upgrade button opens a chat with us about your test.</p>
`,
  },
  {
    title: 'New: rank your suggestions and track them to done',
    type: 2,
    tags: ['Suggestions', 'Product update'],
    daysAgo: 5,
    published: true,
    body: `
<p>Suggestions are where findings become work. With this update they are easier to prioritise and follow up.</p>
<ul>
<li><strong>Drag and drop ranking</strong>: put the most important suggestion on top. It works with the keyboard too: focus a suggestion, pick it up with space and move it with the arrow keys. Ranks are numbered from 1 again after every move.</li>
<li><strong>Effort and impact</strong>: rate each suggestion Low, Medium or High on both, so the quick wins stand out.</li>
<li><strong>Next step and owner</strong>: choose Implement, A/B test, Research or Nothing, and assign a colleague.</li>
<li><strong>Done</strong>: tick a suggestion off with the check button; it saves at once.</li>
</ul>
<p>Open the suggestions of a test from its results, or follow <em>See all suggestions</em> next to a recording.</p>
`,
  },
  {
    title: 'Predictions now have a home of their own',
    type: 3,
    tags: ['Predictions', 'News'],
    daysAgo: 23,
    published: true,
    body: `
<p>AI attention predictions show, before a single participant is recruited, where people are likely to look in the first three to five seconds on a design. They have moved to a separate product, so that they can grow faster than the dashboard.</p>
<p>The <strong>Predictions</strong> page of the dashboard links to the new product. Predictions are a good first step: compare two variants of a landing page, pick the stronger one, then confirm with a user test what people actually feel and do.</p>
<p>Questions about access for your team? Start a chat with us from the support button.</p>
`,
  },
  {
    title: 'Case: where shoppers hesitated between basket and payment',
    type: 4,
    tags: ['Case study', 'Checkout', 'E-commerce'],
    daysAgo: 30,
    published: true,
    body: `
<p><em>An illustrative case, built on the kind of checkout test our clients order most.</em></p>
<h2>The question</h2>
<p>A retailer saw many shoppers leave between the basket and the payment page, but the analytics could not say why. The purpose of the Professional test: find where shoppers hesitate. Scenario: buy a pair of running shoes in your size and pay with iDEAL. End point: the order confirmation page. Areas of focus: the delivery options and the discount code field.</p>
<h2>What the data showed</h2>
<ul>
<li>Frustration peaked on the delivery step for most participants, at the moment the delivery costs appeared. Eye tracking showed them looking back at the basket total.</li>
<li>The discount code field drew long looks and falling attention: participants left the page to search for a code.</li>
<li>Joy rose on the confirmation page, so the end of the flow was not the problem.</li>
</ul>
<h2>From insight to suggestion</h2>
<p>The researchers grouped the points into two insights and wrote three suggestions. Ranked by impact and effort, the first two were: show delivery costs in the basket (impact High, effort Low, next step Implement) and fold the discount code field behind a link (impact Medium, effort Low, next step A/B test).</p>
<h2>Apply it to your own checkout</h2>
<p>Start from the frustration peaks in the recordings, compare the steps of the flow in <strong>Pages</strong>, and let the suggestions with high impact and low effort go first.</p>
`,
  },
  {
    title: 'Writing open questions that participants answer well',
    type: 0,
    tags: ['Ordering', 'Questionnaire'],
    daysAgo: 0,
    published: false,
    body: `
<p><em>Draft: examples to be added.</em></p>
<p>Ask about one thing at a time, ask about what people did rather than what they would do, and keep the words of your own team out of the question.</p>
`,
  },
];

const daysBefore = (today: Date, days: number) => toIsoDate(new Date(today.getTime() - days * 86_400_000));

/** Inserts the demo articles, written by `author`. */
export async function insertDemoResources(
  tx: Executor,
  author: { id: number | null; name: string },
  today: Date,
): Promise<void> {
  for (const article of DEMO_ARTICLES) {
    const id = await insertResource(tx, {
      title: article.title,
      body: sanitizeResourceBody(article.body),
      resourceType: article.type,
      date: daysBefore(today, article.daysAgo),
      author: author.name,
      authorId: author.id,
      image: null,
      published: article.published,
    });
    await setResourceTags(tx, id, article.tags);
  }
}
