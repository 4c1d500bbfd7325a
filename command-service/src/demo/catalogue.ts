import { DEFAULT_LOTS_PER_MINUTE, HOUSE_SELLER_ID } from '@wine/contracts';
import type { AuctionFields, LotListedData } from '@wine/event-schemas';

type Colour = LotListedData['colour'];

interface Producer {
  name: string;
  wines: string[];
  country: string;
  region: string;
  subregion: string;
  colour: Colour;
  /** Typical price of one 750ml bottle, in dollars. */
  bottle: number;
  critics: ('wa' | 'ws' | 'js' | 'vm' | 'bh' | 'jr' | 'dm' | 'iwc')[];
}

/**
 * The demo picture of a colour: `bottle-<colour>.svg` in deploy/embedded/assets/product, the colour
 * in plain lower-case ASCII ('Rosé' -> 'rose', whatever Unicode form the accent came in).
 */
export const bottleImage = (colour: Colour): string =>
  `bottle-${colour.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.svg`;

const producers: Producer[] = [
  {
    name: 'Château Margaux',
    wines: ['', 'Pavillon Rouge'],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Margaux',
    colour: 'Red',
    bottle: 650,
    critics: ['wa', 'js', 'vm'],
  },
  {
    name: 'Château Latour',
    wines: ['', 'Les Forts de Latour'],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pauillac',
    colour: 'Red',
    bottle: 700,
    critics: ['wa', 'js', 'jr'],
  },
  {
    name: 'Château Lafite Rothschild',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pauillac',
    colour: 'Red',
    bottle: 750,
    critics: ['wa', 'ws', 'vm'],
  },
  {
    name: 'Château Mouton Rothschild',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pauillac',
    colour: 'Red',
    bottle: 620,
    critics: ['wa', 'js'],
  },
  {
    name: 'Château Haut-Brion',
    wines: ['', 'Blanc'],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pessac-Léognan',
    colour: 'Red',
    bottle: 600,
    critics: ['wa', 'jr'],
  },
  {
    name: 'Château Cheval Blanc',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Saint-Émilion',
    colour: 'Red',
    bottle: 680,
    critics: ['wa', 'vm', 'js'],
  },
  {
    name: 'Pétrus',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pomerol',
    colour: 'Red',
    bottle: 4200,
    critics: ['wa', 'js', 'vm'],
  },
  {
    name: "Château d'Yquem",
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Sauternes',
    colour: 'Dessert',
    bottle: 380,
    critics: ['wa', 'ws'],
  },
  {
    name: 'Château Léoville Las Cases',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Saint-Julien',
    colour: 'Red',
    bottle: 260,
    critics: ['wa', 'js'],
  },
  {
    name: 'Château Palmer',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Margaux',
    colour: 'Red',
    bottle: 330,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Château Pichon Longueville Comtesse de Lalande',
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pauillac',
    colour: 'Red',
    bottle: 240,
    critics: ['wa', 'ws'],
  },
  {
    name: "Château Cos d'Estournel",
    wines: [''],
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Saint-Estèphe',
    colour: 'Red',
    bottle: 210,
    critics: ['wa', 'js'],
  },
  {
    name: 'Domaine de la Romanée-Conti',
    wines: ['Romanée-Conti Grand Cru', 'La Tâche Grand Cru', 'Richebourg Grand Cru', 'Échezeaux Grand Cru'],
    country: 'France',
    region: 'Burgundy',
    subregion: 'Vosne-Romanée',
    colour: 'Red',
    bottle: 5200,
    critics: ['bh', 'jr', 'vm'],
  },
  {
    name: 'Domaine Armand Rousseau',
    wines: ['Chambertin Grand Cru', 'Clos Saint-Jacques'],
    country: 'France',
    region: 'Burgundy',
    subregion: 'Gevrey-Chambertin',
    colour: 'Red',
    bottle: 1900,
    critics: ['bh', 'vm'],
  },
  {
    name: 'Domaine Leroy',
    wines: ['Musigny Grand Cru', 'Vosne-Romanée Les Beaux Monts'],
    country: 'France',
    region: 'Burgundy',
    subregion: 'Vosne-Romanée',
    colour: 'Red',
    bottle: 2800,
    critics: ['bh', 'jr'],
  },
  {
    name: 'Domaine Leflaive',
    wines: ['Chevalier-Montrachet Grand Cru', 'Puligny-Montrachet Les Pucelles'],
    country: 'France',
    region: 'Burgundy',
    subregion: 'Puligny-Montrachet',
    colour: 'White',
    bottle: 520,
    critics: ['bh', 'wa'],
  },
  {
    name: 'Domaine Coche-Dury',
    wines: ['Meursault Perrières', 'Corton-Charlemagne Grand Cru'],
    country: 'France',
    region: 'Burgundy',
    subregion: 'Meursault',
    colour: 'White',
    bottle: 1600,
    critics: ['bh', 'jr'],
  },
  {
    name: 'Domaine Comte Georges de Vogüé',
    wines: ['Musigny Vieilles Vignes', 'Bonnes-Mares Grand Cru'],
    country: 'France',
    region: 'Burgundy',
    subregion: 'Chambolle-Musigny',
    colour: 'Red',
    bottle: 900,
    critics: ['bh', 'vm'],
  },
  {
    name: 'E. Guigal',
    wines: ['Côte-Rôtie La Mouline', 'Côte-Rôtie La Landonne', 'Côte-Rôtie La Turque'],
    country: 'France',
    region: 'Rhône',
    subregion: 'Côte-Rôtie',
    colour: 'Red',
    bottle: 420,
    critics: ['wa', 'jr'],
  },
  {
    name: 'Château de Beaucastel',
    wines: ['Châteauneuf-du-Pape', 'Hommage à Jacques Perrin'],
    country: 'France',
    region: 'Rhône',
    subregion: 'Châteauneuf-du-Pape',
    colour: 'Red',
    bottle: 110,
    critics: ['wa', 'ws'],
  },
  {
    name: 'Domaine Jean-Louis Chave',
    wines: ['Hermitage'],
    country: 'France',
    region: 'Rhône',
    subregion: 'Hermitage',
    colour: 'Red',
    bottle: 380,
    critics: ['wa', 'jr'],
  },
  {
    name: 'Krug',
    wines: ['Vintage Brut', 'Clos du Mesnil'],
    country: 'France',
    region: 'Champagne',
    subregion: 'Reims',
    colour: 'Sparkling',
    bottle: 360,
    critics: ['wa', 'js'],
  },
  {
    name: 'Dom Pérignon',
    wines: ['Brut', 'P2 Plénitude'],
    country: 'France',
    region: 'Champagne',
    subregion: 'Épernay',
    colour: 'Sparkling',
    bottle: 260,
    critics: ['wa', 'ws', 'js'],
  },
  {
    name: 'Louis Roederer',
    wines: ['Cristal Brut', 'Cristal Rosé'],
    country: 'France',
    region: 'Champagne',
    subregion: 'Reims',
    colour: 'Sparkling',
    bottle: 320,
    critics: ['wa', 'js'],
  },
  {
    name: 'Salon',
    wines: ['Le Mesnil Blanc de Blancs'],
    country: 'France',
    region: 'Champagne',
    subregion: 'Le Mesnil-sur-Oger',
    colour: 'Sparkling',
    bottle: 1100,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Domaines Ott',
    wines: ['Clos Mireille Rosé', 'Château de Selle Rosé'],
    country: 'France',
    region: 'Provence',
    subregion: 'Côtes de Provence',
    colour: 'Rosé',
    bottle: 45,
    critics: ['ws'],
  },
  {
    name: 'Giacomo Conterno',
    wines: ['Barolo Monfortino Riserva', 'Barolo Francia'],
    country: 'Italy',
    region: 'Piedmont',
    subregion: 'Barolo',
    colour: 'Red',
    bottle: 1200,
    critics: ['wa', 'vm', 'js'],
  },
  {
    name: 'Bruno Giacosa',
    wines: ['Barolo Falletto Riserva', 'Barbaresco Asili'],
    country: 'Italy',
    region: 'Piedmont',
    subregion: 'Barbaresco',
    colour: 'Red',
    bottle: 480,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Gaja',
    wines: ['Barbaresco', 'Sorì San Lorenzo'],
    country: 'Italy',
    region: 'Piedmont',
    subregion: 'Barbaresco',
    colour: 'Red',
    bottle: 520,
    critics: ['wa', 'js'],
  },
  {
    name: 'Tenuta San Guido',
    wines: ['Sassicaia'],
    country: 'Italy',
    region: 'Tuscany',
    subregion: 'Bolgheri',
    colour: 'Red',
    bottle: 310,
    critics: ['wa', 'js', 'ws'],
  },
  {
    name: 'Biondi-Santi',
    wines: ['Brunello di Montalcino Riserva'],
    country: 'Italy',
    region: 'Tuscany',
    subregion: 'Montalcino',
    colour: 'Red',
    bottle: 420,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Giuseppe Quintarelli',
    wines: ['Amarone della Valpolicella Classico'],
    country: 'Italy',
    region: 'Veneto',
    subregion: 'Valpolicella',
    colour: 'Red',
    bottle: 560,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Vega Sicilia',
    wines: ['Único', 'Valbuena 5°'],
    country: 'Spain',
    region: 'Castilla y León',
    subregion: 'Ribera del Duero',
    colour: 'Red',
    bottle: 480,
    critics: ['wa', 'js'],
  },
  {
    name: 'R. López de Heredia',
    wines: ['Viña Tondonia Gran Reserva', 'Viña Tondonia Blanco Reserva'],
    country: 'Spain',
    region: 'Rioja',
    subregion: 'Rioja Alta',
    colour: 'Red',
    bottle: 90,
    critics: ['wa', 'jr'],
  },
  {
    name: "Taylor's",
    wines: ['Vintage Port'],
    country: 'Portugal',
    region: 'Douro',
    subregion: 'Porto',
    colour: 'Fortified',
    bottle: 140,
    critics: ['wa', 'ws'],
  },
  {
    name: "Graham's",
    wines: ['Vintage Port', 'Stone Terraces Vintage Port'],
    country: 'Portugal',
    region: 'Douro',
    subregion: 'Porto',
    colour: 'Fortified',
    bottle: 120,
    critics: ['wa', 'ws'],
  },
  {
    name: 'Screaming Eagle',
    wines: ['Cabernet Sauvignon'],
    country: 'USA',
    region: 'California',
    subregion: 'Oakville',
    colour: 'Red',
    bottle: 3800,
    critics: ['wa', 'js', 'vm'],
  },
  {
    name: 'Harlan Estate',
    wines: ['Proprietary Red'],
    country: 'USA',
    region: 'California',
    subregion: 'Oakville',
    colour: 'Red',
    bottle: 1100,
    critics: ['wa', 'js'],
  },
  {
    name: 'Opus One',
    wines: [''],
    country: 'USA',
    region: 'California',
    subregion: 'Oakville',
    colour: 'Red',
    bottle: 420,
    critics: ['wa', 'ws', 'js'],
  },
  {
    name: 'Ridge Vineyards',
    wines: ['Monte Bello'],
    country: 'USA',
    region: 'California',
    subregion: 'Santa Cruz Mountains',
    colour: 'Red',
    bottle: 260,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Dominus Estate',
    wines: [''],
    country: 'USA',
    region: 'California',
    subregion: 'Yountville',
    colour: 'Red',
    bottle: 290,
    critics: ['wa', 'js'],
  },
  {
    name: 'Kistler Vineyards',
    wines: ['Chardonnay Vine Hill', 'Chardonnay Hudson Vineyard'],
    country: 'USA',
    region: 'California',
    subregion: 'Sonoma Coast',
    colour: 'White',
    bottle: 110,
    critics: ['wa', 'vm'],
  },
  {
    name: 'Penfolds',
    wines: ['Grange', 'Bin 707 Cabernet Sauvignon'],
    country: 'Australia',
    region: 'South Australia',
    subregion: 'Barossa Valley',
    colour: 'Red',
    bottle: 700,
    critics: ['wa', 'js'],
  },
  {
    name: 'Henschke',
    wines: ['Hill of Grace'],
    country: 'Australia',
    region: 'South Australia',
    subregion: 'Eden Valley',
    colour: 'Red',
    bottle: 800,
    critics: ['wa', 'jr'],
  },
  {
    name: 'Egon Müller',
    wines: ['Scharzhofberger Riesling Auslese', 'Scharzhofberger Riesling Spätlese'],
    country: 'Germany',
    region: 'Mosel',
    subregion: 'Saar',
    colour: 'White',
    bottle: 450,
    critics: ['wa', 'jr'],
  },
  {
    name: 'Joh. Jos. Prüm',
    wines: ['Wehlener Sonnenuhr Riesling Auslese'],
    country: 'Germany',
    region: 'Mosel',
    subregion: 'Wehlen',
    colour: 'White',
    bottle: 120,
    critics: ['wa', 'vm'],
  },
];

/** Deterministic pseudo-random numbers (mulberry32), so every fresh start seeds the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sizes: { size: string; factor: number; weight: number }[] = [
  { size: '750ml', factor: 1, weight: 0.78 },
  { size: '1.5L', factor: 2.3, weight: 0.14 },
  { size: '375ml', factor: 0.55, weight: 0.05 },
  { size: '3L', factor: 5, weight: 0.03 },
];

/** The entry a uniform draw in [0, 1) falls on, by cumulative weight. */
function weighted<T extends { weight: number }>(entries: readonly T[], draw: number): T {
  let rest = draw;
  for (const entry of entries) {
    rest -= entry.weight;
    if (rest < 0) return entry;
  }
  return entries[0] as T;
}

/** Rounds a dollar amount to a price a merchant would print, in cents. */
const price = (dollars: number) => {
  const step = dollars < 100 ? 5 : dollars < 1000 ? 10 : 50;
  return Math.max(step, Math.round(dollars / step) * step) * 100;
};

const DAY = 24 * 60 * 60 * 1000;

/** The demo's auctions are named for the year they run in. */
const demoAuctionId = (now: Date, auctionNo: number) => `A-${now.getUTCFullYear()}-${auctionNo + 1}`;

/** The first two auctions opened two days ago; the third opens tomorrow (its lots read 'Starts in'). */
const auctionOpens = (now: Date, auctionNo: number) => now.getTime() + (auctionNo === 2 ? DAY : -2 * DAY);

/** Auctions close in the evening, Chicago time (01:00 UTC), on days 3, 6 and 9 from now. */
const auctionEvening = (now: Date, days: number) => {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(1, 0, 0, 0);
  return d.getTime();
};

const demoAuctionTexts = [
  {
    title: 'Fine & Rare Wines',
    description: 'Mature Bordeaux, Burgundy and Rhône from Chicago-area cellars, with Champagne and Port.',
  },
  {
    title: 'The Collector’s Cellar',
    description: 'A single collector’s cellar, stored since release: Napa, Piedmont, Tuscany and Spain.',
  },
  {
    title: 'Holiday Cellar Sale',
    description: 'Wines to drink over the holidays and to lay down, from everyday gems to trophy bottles.',
  },
] as const;

export interface DemoAuction {
  auctionId: string;
  fields: AuctionFields;
}

/** The three auctions the demo catalogue's lots belong to, closing staggered ten lots a minute. */
export const demoAuctions = (now: Date): DemoAuction[] =>
  demoAuctionTexts.map((text, auctionNo) => ({
    auctionId: demoAuctionId(now, auctionNo),
    fields: {
      ...text,
      kind: 'timed',
      startsAt: new Date(auctionOpens(now, auctionNo)).toISOString(),
      firstCloseAt: new Date(auctionEvening(now, 3 + auctionNo * 3)).toISOString(),
      lotsPerMinute: DEFAULT_LOTS_PER_MINUTE,
      locationId: 1,
      premiumText: 'A buyer’s premium of 20% is added to the hammer price of each lot.',
    },
  }));

export interface DemoLot {
  commandId: string;
  lot: LotListedData;
}

/**
 * The demo catalogue seeded on a first start: `count` realistic lots in three auctions whose lots close
 * staggered, ten a minute in catalogue order (DOMAIN.md "Lots and auctions"), plus buy-now stock.
 */
export function demoCatalogue(now: Date, count = 300): DemoLot[] {
  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const evening = (days: number) => auctionEvening(now, days);
  const lots: DemoLot[] = [];
  /** Lots listed so far in each auction: the catalogue order that sets lot numbers and closing minutes. */
  const listed = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    const producer = producers[i % producers.length] as Producer;
    const wine = pick(producer.wines);
    const colour: Colour =
      wine.includes('Blanc') && producer.colour === 'Red'
        ? 'White'
        : wine.includes('Rosé')
          ? 'Rosé'
          : producer.colour;
    const vintage = producer.colour === 'Sparkling' && rand() < 0.15 ? null : 1982 + Math.floor(rand() * 40);
    const size = weighted(sizes, rand());
    const quantity = pick([1, 1, 2, 3, 3, 6, 6, 12]);
    const age = vintage === null ? 0 : Math.max(0, 2022 - vintage);
    const estimate = producer.bottle * size.factor * (1 + age * 0.02) * (0.8 + rand() * 0.4);
    const kind = i % 10 < 2 ? 'buyNow' : i % 10 < 5 ? 'both' : 'auction';
    const auctionNo = Math.floor(i / Math.ceil(count / 3));
    const position = kind === 'buyNow' ? 0 : (listed[auctionNo] ?? 0);
    if (kind !== 'buyNow') listed[auctionNo] = position + 1;
    const closesAt =
      kind === 'buyNow'
        ? new Date(evening(30))
        : new Date(evening(3 + auctionNo * 3) + Math.floor(position / 10) * 60_000);
    const startsAt = new Date(auctionOpens(now, kind === 'buyNow' ? 0 : auctionNo));
    const scores: LotListedData['scores'] = {};
    for (const critic of producer.critics) {
      if (rand() < 0.8) {
        const base = 90 + Math.floor(rand() * 10) + (rand() < 0.08 ? 1 : 0);
        scores[critic] =
          critic === 'jr'
            ? `${(15 + (base - 88) / 2.5).toFixed(1).replace(/\.0$/, '')}`
            : rand() < 0.15 && base < 99
              ? `${base}-${base + 2}`
              : `${base}`;
      }
    }
    const title = [vintage ?? 'NV', producer.name, wine].filter(Boolean).join(' ');
    const lotId = `demo-${String(i + 1).padStart(4, '0')}`;
    const lotTotal = estimate * quantity;
    const buyNowUnit = price(estimate * 1.2);
    const sizeNote = size.size === '750ml' ? '' : ` (${size.size})`;
    lots.push({
      commandId: `demo-seed-${lotId}`,
      lot: {
        lotId,
        sku: `GVO-${String(100_000 + i * 37).slice(0, 6)}`,
        lotNumber: kind === 'buyNow' ? null : String(position + 1),
        auctionId: kind === 'buyNow' ? null : demoAuctionId(now, auctionNo),
        sellerId: HOUSE_SELLER_ID,
        title: `${title}${sizeNote}`,
        producer: producer.name,
        vintage,
        country: producer.country,
        region: producer.region,
        subregion: producer.subregion,
        colour,
        bottleSize: size.size,
        scores,
        description: describe(producer, wine, vintage, quantity, size.size),
        images: [{ type: 1, fileName: bottleImage(colour) }],
        quantity: kind === 'buyNow' ? quantity * 4 : quantity,
        minimumQuantity: 1,
        enforceMinimumQuantity: false,
        availability: kind === 'buyNow' && i % 7 === 0 ? 'Pre-arrival' : null,
        auction: kind !== 'buyNow',
        buyNow: kind !== 'auction',
        openingBid: kind === 'buyNow' ? 0 : price(lotTotal * 0.6),
        reserve: kind !== 'buyNow' && i % 4 === 0 ? price(lotTotal * 0.85) : null,
        buyNowPrice: kind === 'auction' ? null : buyNowUnit,
        discounts:
          kind === 'auction'
            ? []
            : [
                { quantity: 1, price: buyNowUnit },
                { quantity: 6, price: price((buyNowUnit / 100) * 0.95) },
                { quantity: 12, price: price((buyNowUnit / 100) * 0.9) },
              ],
        startsAt: startsAt.toISOString(),
        closesAt: closesAt.toISOString(),
        // The reserve (85% of the value) sits under the low estimate (90%), as the terms of sale ask.
        lowEstimate: kind === 'buyNow' ? null : price(lotTotal * 0.9),
        highEstimate: kind === 'buyNow' ? null : price(lotTotal * 1.3),
        condition: {
          fillLevel: age > 30 ? 'ts' : age > 15 ? 'in' : 'hf',
          label: i % 3 === 0 ? 'lightly_soiled' : 'clean',
          capsule: 'intact',
          packing: quantity >= 6 ? 'owc' : 'none',
          notes: '',
        },
        locationId: 1,
        spanish: {
          title: `${title}${sizeNote}`,
          description: describeInSpanish(producer, wine, vintage, quantity, size.size),
        },
        meta: {
          title: `${title} | Fine Wine Auction`,
          description: `${title} from ${producer.subregion}, ${producer.region}. ${quantity} bottle lot with impeccable provenance.`,
          keywords: [producer.name, producer.region, producer.subregion, producer.country, colour].join(', '),
        },
      },
    });
  }
  return lots;
}

function describeInSpanish(
  p: Producer,
  wine: string,
  vintage: number | null,
  quantity: number,
  size: string,
) {
  const name = [p.name, wine].filter(Boolean).join(' ');
  const year = vintage ? `La añada ${vintage}` : 'Esta cuvée sin añada';
  return [
    `${year} de ${name} procede de ${p.subregion}, en ${p.region} (${p.country}).`,
    `Se ofrece como ${quantity} × ${size}, de una única bodega privada del área de Chicago, conservada desde su salida a 13 °C y 70% de humedad.`,
    'Recogida en nuestro almacén del área de Chicago o envío dentro de EE. UU. tras el pago.',
  ].join(' ');
}

function describe(p: Producer, wine: string, vintage: number | null, quantity: number, size: string): string {
  const name = [p.name, wine].filter(Boolean).join(' ');
  const year = vintage ? `The ${vintage} vintage` : 'This non-vintage cuvée';
  return [
    `${year} of ${name} comes from ${p.subregion} in ${p.region}, ${p.country}.`,
    `Offered as ${quantity} × ${size}, sourced from a single private cellar in the Chicago area and stored since release at 55°F and 70% humidity.`,
    'Levels are into neck or better; labels are clean with light bin soiling only. Capsules intact.',
    `${p.colour === 'Red' ? 'Deep in colour with layers of dark fruit, graphite and cedar, the tannins now polished by age.' : p.colour === 'White' ? 'Precise and mineral, with citrus, white flowers and a long saline finish.' : p.colour === 'Sparkling' ? 'Fine persistent mousse, brioche and orchard fruit, with remarkable tension.' : p.colour === 'Dessert' ? 'Honeyed apricot, saffron and candied citrus balanced by bright acidity.' : p.colour === 'Fortified' ? 'Dense black fruit, violets and spice; built for decades in the cellar.' : 'Pale and delicate, with wild strawberry, citrus peel and a dry, saline finish.'}`,
    'Collection from our Chicago-area warehouse or shipping within the USA can be arranged after payment.',
  ].join(' ');
}
