import { describe, expect, it } from 'vitest';
import { buildRegistry, normalizeSchemaPath } from '../registry/buildRegistry';
import { checkRegistry } from '../registry/checkRegistry';
import { createSchemaEngine } from '../createSchemaEngine';

// The real schemas/ folder, read by the bundler (no node I/O in engine code or tests).
const real = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A copy of the real folder (keys below schemas/) to break one thing at a time. */
function copy(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [path, value] of Object.entries(real))
    out[`schemas/${normalizeSchemaPath(path)}`] = structuredClone(value) as Json;
  return out;
}

function problems(files: Record<string, Json>): string[] {
  return checkRegistry(createSchemaEngine(buildRegistry(files))).map(
    (p) => `${p.folder}/${p.file}: ${p.message}`,
  );
}

/** Removes a field from a folder: schema, required, wizard steps, ui order and templates. */
function dropField(files: Record<string, Json>, folder: string, field: string) {
  const schema = files[`schemas/${folder}/schema.json`];
  delete schema.properties[field];
  schema.required = (schema.required as string[]).filter((f) => f !== field);
  const meta = files[`schemas/${folder}/meta.json`];
  for (const step of meta.steps) step.fields = step.fields.filter((f: string) => f !== field);
  const ui = files[`schemas/${folder}/ui.json`];
  if (Array.isArray(ui['ui:order'])) ui['ui:order'] = ui['ui:order'].filter((f: string) => f !== field);
  delete ui[field];
  for (const t of meta.templates) delete files[`schemas/${folder}/templates/${t}.json`][field];
}

describe('checkRegistry: play', () => {
  it('passes the real folders', () => {
    expect(problems(copy())).toEqual([]);
  });

  it('refuses a gameplay or sub-activity without play, and play on an entity', () => {
    const files = copy();
    delete files['schemas/gameplays/dice/meta.json'].play;
    delete files['schemas/sub-activities/sign-in/meta.json'].play;
    files['schemas/entities/form/meta.json'].play = { mechanic: 'draw', renderer: 'wheel' };
    expect(problems(files).sort()).toEqual(
      [
        'gameplays/dice/meta.json: play: missing; a gameplay or sub-activity names how it is played, e.g. "play": { "mechanic": "draw", "renderer": "wheel" }',
        'sub-activities/sign-in/meta.json: play: missing; a gameplay or sub-activity names how it is played, e.g. "play": { "mechanic": "draw", "renderer": "wheel" }',
        'entities/form/meta.json: play: an entity is not played; only gameplays and sub-activities name play',
      ].sort(),
    );
  });

  it('refuses an unknown mechanic, a renderer the mechanic lacks and a malformed play', () => {
    const files = copy();
    files['schemas/gameplays/lucky-wheel/meta.json'].play = { mechanic: 'spin', renderer: 'wheel' };
    files['schemas/gameplays/blind-box/meta.json'].play = { mechanic: 'draw', renderer: 'calendar' };
    files['schemas/gameplays/card-flipping/meta.json'].play = { mechanic: 'draw' };
    const lines = problems(files);
    expect(lines).toContain(
      'gameplays/lucky-wheel/meta.json: play.mechanic: unknown mechanic "spin" (known: draw, check-in, quiz, predict, dice, raise, pool, collect, invite, tasks)',
    );
    expect(lines).toContain(
      'gameplays/blind-box/meta.json: play.renderer: mechanic "draw" has no renderer "calendar" (its renderers: wheel, boxes, cards, lottery, slots, scratch)',
    );
    expect(lines).toContain('gameplays/card-flipping/meta.json: meta /play/renderer: This field is required');
    expect(lines).toHaveLength(3);
  });

  it('refuses a draw folder without prizes or without any chance source, by field', () => {
    const files = copy();
    dropField(files, 'gameplays/card-flipping', 'chances');
    dropField(files, 'sub-activities/daily-blind-box', 'dailyChances');
    dropField(files, 'sub-activities/daily-blind-box', 'chanceSource');
    // (and the rule that asks for dailyChances unless the chances are the bound campaign's)
    delete files['schemas/sub-activities/daily-blind-box/schema.json'].if;
    delete files['schemas/sub-activities/daily-blind-box/schema.json'].then;
    const lines = problems(files);
    expect(lines).toEqual(
      expect.arrayContaining([
        'gameplays/card-flipping/schema.json: chances | dailyChances | chanceSource: mechanic "draw" needs one of these fields',
        'sub-activities/daily-blind-box/schema.json: chances | dailyChances | chanceSource: mechanic "draw" needs one of these fields',
        'gameplays/card-flipping/templates/classic.json: /: mechanic "draw" needs it: Must match one of the allowed forms (anyOf)',
      ]),
    );
    // A daily draw keeps working with dailyChances alone; a gameplay with chances alone.
    expect(lines.filter((l) => l.startsWith('gameplays/lucky-wheel') || l.includes('daily-lottery'))).toEqual(
      [],
    );

    const noPrizes = copy();
    dropField(noPrizes, 'gameplays/lucky-wheel', 'prizes');
    expect(problems(noPrizes)).toContain(
      'gameplays/lucky-wheel/schema.json: prizes: mechanic "draw" needs this field',
    );
  });

  it('refuses prizes not built on the shared prize list, wrong types and a missing odds rule', () => {
    const files = copy();
    const schema = files['schemas/sub-activities/daily-lottery/schema.json'];
    schema.properties.prizes = {
      title: 'fields.prizes',
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, odds: { type: 'string' }, name: { type: 'object' } },
        required: ['id'],
      },
    };
    schema.properties.dailyChances = { title: 'fields.dailyChances', type: 'string' };
    expect(problems(files).filter((l) => l.includes('/schema.json'))).toEqual([
      'sub-activities/daily-lottery/schema.json: prizes: mechanic "draw" needs the odds rule "probabilitySum": {"field":"odds","remainderField":"isThank"}',
      'sub-activities/daily-lottery/schema.json: prizes[].odds: mechanic "draw" reads a number; the field is string',
      'sub-activities/daily-lottery/schema.json: dailyChances: mechanic "draw" reads an integer; the field is string',
      'sub-activities/daily-lottery/schema.json: prizes: mechanic "draw" needs it built on the shared definition ("$ref": "/_defs/prize.json#/$defs/prizeList")',
    ]);
  });

  it('refuses chances that lack what the draw counts', () => {
    const files = copy();
    // The shared definition the blind box (and the wheel, card flip and quiz) builds on.
    const chances = files['schemas/_defs/chances.json'].$defs.chances;
    delete chances.properties.dailyFree;
    chances.required = ['initialCount'];
    chances.properties.initialCount.type = 'number';
    const lines = problems(files).filter((l) => l.startsWith('gameplays/blind-box/schema.json'));
    expect(lines).toEqual([
      'gameplays/blind-box/schema.json: chances.dailyFree: mechanic "draw" needs this field',
      'gameplays/blind-box/schema.json: chances.initialCount: mechanic "draw" reads an integer; the field is number',
    ]);
  });

  it("checks each template against the mechanic's needs (a limited prize needs its stock)", () => {
    const files = copy();
    // The folder itself allows a prize without stock here; the draw still needs it.
    const prizes = files['schemas/gameplays/lucky-wheel/schema.json'].properties.prizes;
    prizes.items = { properties: { stock: { type: 'integer' } } };
    files['schemas/_defs/prize.json'].$defs.prize.allOf.shift();
    const template = files['schemas/gameplays/lucky-wheel/templates/classic.json'];
    const limited = (template.prizes as Json[]).findIndex((p) => !p.isThank && !p.unlimitedStock);
    expect(limited).toBeGreaterThanOrEqual(0);
    delete template.prizes[limited].stock;
    expect(problems(files)).toContain(
      `gameplays/lucky-wheel/templates/classic.json: /prizes/${limited}/stock: mechanic "draw" needs it: This field is required (required)`,
    );
  });
  it('refuses play on a page block too', () => {
    const files = copy();
    files['schemas/blocks/banner/meta.json'].play = { mechanic: 'draw', renderer: 'wheel' };
    expect(problems(files)).toEqual([
      'blocks/banner/meta.json: play: a page block is not played; only gameplays and sub-activities name play',
    ]);
  });

  it('reads the types a field allows from type, const or enum; a number need takes an integer', () => {
    const files = copy();
    const prize = files['schemas/_defs/prize.json'].$defs.prize.properties;
    prize.isThank = { title: 'prize.isThank', const: true };
    prize.unlimitedStock = { title: 'prize.unlimitedStock', enum: [true, 'yes'] };
    prize.stock = { title: 'prize.stock', type: ['integer', 'null'] };
    prize.perUserMax = { title: 'prize.perUserMax' };
    prize.odds = { title: 'prize.odds', type: 'integer', minimum: 0, maximum: 100 };
    prize.userType = { title: 'prize.userType', const: 5 };
    // Templates the changed prize no longer fits are the folder check's; the mechanic's lines:
    expect(problems(files).filter((l) => l.startsWith('gameplays/lucky-wheel/schema.json'))).toEqual([
      'gameplays/lucky-wheel/schema.json: prizes[].unlimitedStock: mechanic "draw" reads a boolean; the field is boolean or string',
      'gameplays/lucky-wheel/schema.json: prizes[].stock: mechanic "draw" reads an integer; the field is integer or null',
      'gameplays/lucky-wheel/schema.json: prizes[].perUserMax: mechanic "draw" reads an integer; the field declares no type',
      'gameplays/lucky-wheel/schema.json: prizes[].userType: mechanic "draw" reads a string; the field is integer',
    ]);
  });

  it('asks for the shape of the items the mechanic reads', () => {
    const files = copy();
    const schema = files['schemas/sub-activities/daily-lottery/schema.json'];
    schema.properties.prizes = {
      title: 'fields.prizes',
      type: 'array',
      probabilitySum: { field: 'odds', remainderField: 'isThank' },
    };
    expect(problems(files).filter((l) => l.startsWith('sub-activities/daily-lottery/schema.json'))).toEqual([
      'sub-activities/daily-lottery/schema.json: prizes[]: mechanic "draw" reads items of a declared shape; the field declares none',
      'sub-activities/daily-lottery/schema.json: prizes: mechanic "draw" needs it built on the shared definition ("$ref": "/_defs/prize.json#/$defs/prizeList")',
    ]);
  });

  it('finds a field built on the shared definition inside allOf', () => {
    const files = copy();
    const schema = files['schemas/gameplays/lucky-wheel/schema.json'];
    schema.allOf.push({ properties: { prizes: schema.properties.prizes } });
    delete schema.properties.prizes;
    expect(problems(files).filter((l) => l.startsWith('gameplays/lucky-wheel'))).toEqual([]);
  });

  it('does not repeat in a template what the folder schema already says', () => {
    const files = copy();
    delete files['schemas/gameplays/lucky-wheel/templates/classic.json'].prizes;
    // The folder's check says the template lacks prizes; the mechanic's check says it once, not twice.
    expect(problems(files)).toEqual([
      'gameplays/lucky-wheel/templates/classic.json: /prizes: This field is required (required)',
    ]);
  });
});
