import type { SchemaObject } from 'ajv';
import type { RegistryEntry } from '../registry/registryTypes';

/** The shared prize list (schemas/_defs/prize.json) every prize-giving mechanic reads. */
export const PRIZE_LIST_REF = '/_defs/prize.json#/$defs/prizeList';

/**
 * A mechanic a gameplay folder may name in `meta.json` `play: { mechanic, renderer }`: server game
 * logic written once and shared by every folder that names it, and the participant screens
 * (renderers) it can be drawn with. `playable` says whether this build runs it; a folder naming
 * one that is not playable yet is listed and configured, and its page says plainly that it cannot
 * be played yet.
 */
export interface MechanicSpec {
  renderers: readonly string[];
  playable: boolean;
  /**
   * What the mechanic reads from a config, as a JSON Schema. `npm run schemas:check` checks that
   * the folder's schema declares these fields with compatible types (top-level `required`, and
   * one field of each `anyOf: [{ required }]` alternative), and that every template satisfies it.
   */
  needs: SchemaObject;
  /** The participant actions it answers (`POST .../actions/:action`); others answer 400. */
  actions: readonly string[];
  /** Whether its actions spend chances (a draw, a quiz attempt); the page shows chances only then. */
  usesChances?: boolean;
  /** Fields that must be built on a shared definition (`$ref` as a folder writes it). */
  builtOn?: Readonly<Record<string, string>>;
}

const int = (minimum = 0): SchemaObject => ({ type: 'integer', minimum });
const idItems = (): SchemaObject => ({
  type: 'array',
  items: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } },
});

/** A prize list as the draw reads it (src/engine/play/draw.ts, DrawPrize). */
const DRAW_PRIZES: SchemaObject = {
  type: 'array',
  minItems: 1,
  probabilitySum: { field: 'odds', remainderField: 'isThank' },
  items: {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', minLength: 1 },
      odds: { type: 'number', minimum: 0, maximum: 100 },
      isThank: { type: 'boolean' },
      unlimitedStock: { type: 'boolean' },
      stock: int(),
      perUserMax: int(),
      value: { type: 'number', minimum: 0 },
      isSuper: { type: 'boolean' },
      userType: { type: 'string' },
    },
    // A prize that can run out needs its stock (a thank-you prize never runs out).
    if: {
      not: {
        anyOf: [
          { properties: { isThank: { const: true } }, required: ['isThank'] },
          { properties: { unlimitedStock: { const: true } }, required: ['unlimitedStock'] },
        ],
      },
    },
    then: { required: ['stock'] },
  },
};

/** Any prize list: the reward records snapshot prizes of the shared list. */
const PRIZES: SchemaObject = {
  type: 'array',
  items: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } },
};

const withPrizes = (required: string[], properties: Record<string, SchemaObject>): SchemaObject => ({
  type: 'object',
  required: ['prizes', ...required],
  properties: { prizes: PRIZES, ...properties },
});

const ON_PRIZE_LIST = { prizes: PRIZE_LIST_REF } as const;

/** The chances object of `/_defs/chances.json` as the mechanics read it (src/engine/play/chances.ts). */
const CHANCES: SchemaObject = {
  type: 'object',
  required: ['initialCount', 'dailyFree'],
  properties: {
    initialCount: int(),
    dailyFree: int(),
    perShare: int(),
    shareCap: int(),
    perInvite: int(),
    inviteCap: int(),
    taskCenter: { type: 'boolean' },
  },
};

/** The quiz's question bank as src/engine/play/quiz.ts reads it. */
const QUESTIONS: SchemaObject = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['id', 'options', 'answers', 'score'],
    properties: {
      id: { type: 'string', minLength: 1 },
      options: idItems(),
      answers: { type: 'array', minItems: 1, items: { type: 'string' } },
      score: { type: 'number', minimum: 0 },
    },
  },
};

export const MECHANICS: Readonly<Record<string, MechanicSpec>> = {
  draw: {
    renderers: ['wheel', 'boxes', 'cards', 'lottery', 'slots', 'scratch'],
    playable: true,
    // `go`: a task's go button, when the campaign takes chances from the project's task center.
    actions: ['draw', 'share', 'go'],
    usesChances: true,
    needs: {
      type: 'object',
      required: ['prizes'],
      properties: {
        prizes: DRAW_PRIZES,
        chances: CHANCES,
        dailyChances: int(),
        drawCountdown: int(-1),
      },
      // Where the chances come from: the gameplays' `chances`, the daily sub-activities'
      // `dailyChances`, or their bound campaign's (`chanceSource: parent`).
      anyOf: [
        { required: ['chances'] },
        { required: ['dailyChances'] },
        { required: ['chanceSource'], properties: { chanceSource: { const: 'parent' } } },
      ],
    },
    builtOn: ON_PRIZE_LIST,
  },
  'check-in': {
    renderers: ['calendar'],
    playable: true,
    actions: ['checkIn', 'share'],
    needs: withPrizes(['cycleDays', 'dailyRewards'], {
      cycleDays: int(1),
      dailyRewards: {
        type: 'array',
        items: { type: 'object', required: ['day'], properties: { day: int(1) } },
      },
    }),
    builtOn: ON_PRIZE_LIST,
  },
  quiz: {
    renderers: ['quiz'],
    playable: true,
    actions: ['startQuiz', 'answer', 'share', 'go'],
    usesChances: true,
    needs: withPrizes(['questions'], {
      questions: QUESTIONS,
      questionsPerAttempt: int(1),
      secondsPerQuestion: int(),
      scoreLines: {
        type: 'array',
        items: {
          type: 'object',
          required: ['prizeId', 'score'],
          properties: { prizeId: { type: 'string' }, score: { type: 'number', minimum: 0 } },
        },
      },
      chances: CHANCES,
    }),
    builtOn: ON_PRIZE_LIST,
  },
  predict: {
    renderers: ['predict'],
    playable: true,
    actions: ['predict', 'share'],
    needs: withPrizes(['mode', 'matches'], {
      mode: { enum: ['prediction', 'voting'] },
      drawTime: { type: 'string' },
      settlement: { enum: ['each', 'draw'] },
      matches: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['id', 'options'],
          properties: { id: { type: 'string', minLength: 1 }, options: idItems() },
        },
      },
    }),
    builtOn: ON_PRIZE_LIST,
  },
  dice: {
    renderers: ['board'],
    playable: true,
    // Rolls are chances: the initial dice and the dice the board's tasks grant.
    actions: ['roll', 'share', 'go'],
    usesChances: true,
    needs: withPrizes(['boardSize', 'cells'], { boardSize: int(1), cells: { type: 'array' } }),
    builtOn: ON_PRIZE_LIST,
  },
  raise: {
    renderers: ['raise'],
    playable: true,
    actions: ['help', 'revive', 'share'],
    needs: withPrizes(['stages', 'events'], { stages: { type: 'object' }, events: { type: 'array' } }),
    builtOn: ON_PRIZE_LIST,
  },
  pool: {
    renderers: ['pool'],
    playable: true,
    actions: ['stake', 'claimShare', 'share'],
    needs: {
      type: 'object',
      required: ['pool', 'roundHours'],
      properties: {
        pool: { type: 'object', required: ['total'], properties: { total: int(1) } },
        roundHours: int(1),
      },
    },
  },
  collect: {
    renderers: ['fragments'],
    playable: true,
    actions: ['drawFragment', 'exchange', 'gift', 'ask', 'claimGift', 'giveAsked', 'share', 'go'],
    usesChances: true,
    needs: withPrizes(['fragments', 'chances'], {
      fragments: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['id', 'odds'],
          properties: {
            id: { type: 'string', minLength: 1 },
            odds: { type: 'number', minimum: 0, maximum: 100 },
          },
        },
      },
      chances: CHANCES,
    }),
    builtOn: ON_PRIZE_LIST,
  },
  invite: {
    renderers: ['invite', 'leaderboard'],
    playable: true,
    actions: ['share'],
    needs: withPrizes([], {
      inviteRules: { type: 'array', items: { enum: ['download', 'register', 'complete-task'] } },
      ladder: {
        type: 'array',
        items: {
          type: 'object',
          required: ['invites', 'prizeId'],
          properties: { invites: int(1), prizeId: { type: 'string' } },
        },
      },
    }),
    builtOn: ON_PRIZE_LIST,
  },
  tasks: {
    renderers: ['tasks'],
    playable: true,
    actions: ['go', 'share'],
    needs: withPrizes(['tasks'], { tasks: idItems() }),
    builtOn: ON_PRIZE_LIST,
  },
};

/** The mechanic of that name, or undefined (never an inherited object property). */
export function mechanicOf(name: string): MechanicSpec | undefined {
  return Object.hasOwn(MECHANICS, name) ? MECHANICS[name] : undefined;
}

export interface PlaySpec {
  mechanic: string;
  renderer: string;
  playable: boolean;
}

/** How an entry is played: its `meta.play`, when it names a known mechanic and renderer. */
export function playOf(entry: Pick<RegistryEntry, 'meta'>): PlaySpec | null {
  const play = entry.meta.play as { mechanic?: unknown; renderer?: unknown } | undefined;
  if (!play || typeof play.mechanic !== 'string' || typeof play.renderer !== 'string') return null;
  const spec = mechanicOf(play.mechanic);
  if (!spec || !spec.renderers.includes(play.renderer)) return null;
  return { mechanic: play.mechanic, renderer: play.renderer, playable: spec.playable };
}
