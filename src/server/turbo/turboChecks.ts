import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError, errorMessage, type ErrorKey } from '../errors';
import type { Lang } from '../../engine/validation/lang';

type Config = Record<string, unknown>;

interface Problem {
  path: string;
  key: ErrorKey;
  params: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function refuse(problems: Problem[]): void {
  if (problems.length === 0) return;
  throw new AppError(problems[0].key, {
    params: problems[0].params,
    errors: (lang: Lang) =>
      problems.map((problem) => ({
        path: problem.path,
        message: errorMessage(problem.key, lang, problem.params),
      })),
  });
}

async function templateExists(db: Kysely<Database>, projectId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('link_templates')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What only the server can check in a banner config (after the engine): `linkTemplateId` is a
 * link template of the project (400 `turbo.templateUnknown` at `/linkTemplateId`), `linkId` a
 * link of the project (`turbo.linkUnknown` at `/linkId`) made from that template
 * (`turbo.linkNotOfTemplate` at `/linkId`); all problems together, the first one's key in `error`.
 */
export async function assertBannerReferences(
  db: Kysely<Database>,
  projectId: string,
  config: Config,
): Promise<void> {
  const templateId = text(config.linkTemplateId);
  const linkId = text(config.linkId);
  const [template, link] = await Promise.all([
    templateExists(db, projectId, templateId),
    db
      .selectFrom('links')
      .select('template_id')
      .where('project_id', '=', projectId)
      .where('link_id', '=', linkId)
      .executeTakeFirst(),
  ]);
  const problems: Problem[] = [];
  if (!template) problems.push({ path: '/linkTemplateId', key: 'turbo.templateUnknown', params: {} });
  if (!link) problems.push({ path: '/linkId', key: 'turbo.linkUnknown', params: { linkId } });
  else if (template && link.template_id !== templateId)
    problems.push({ path: '/linkId', key: 'turbo.linkNotOfTemplate', params: { linkId } });
  refuse(problems);
}

/**
 * What only the server can check in a script config: `linkTemplateId`, when set, is a link
 * template of the project (400 `turbo.templateUnknown` at `/linkTemplateId`).
 */
export async function assertScriptReferences(
  db: Kysely<Database>,
  projectId: string,
  config: Config,
): Promise<void> {
  const templateId = text(config.linkTemplateId);
  if (templateId && !(await templateExists(db, projectId, templateId)))
    refuse([{ path: '/linkTemplateId', key: 'turbo.templateUnknown', params: {} }]);
}
