import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError, errorMessage } from '../errors';
import { assertPublicCallbacks, callbackUrlsOf } from '../http/assertPublicCallbacks';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { entityListRoutes, type ListConfig } from './entityListRoutes';
import { textInLanguage } from './textInLanguage';
import { questionBanksRoutes } from './questionBanksRoutes';
import { submissionsRoutes } from './submissionsRoutes';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const identifierTaken = () =>
  new AppError('userType.identifierTaken', {
    errors: (lang) => [{ path: '/identifier', message: errorMessage('userType.identifierTaken', lang) }],
  });

/**
 * The supporting lists of userGrowth that the wizard's pickers read: prizes, question banks
 * and questions, user types, callback addresses, reward forms and their submissions.
 */
export const listsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(
    entityListRoutes({
      path: '/api/prizes',
      table: 'prizes',
      entity: 'prize',
      tag: 'prizes',
      nameOf: (config) => textInLanguage(config.name, str(config.defaultLanguage)),
      summaryFields: { name: Type.String({ description: "In the prize's default language" }) },
      summary: (row) => ({ name: row.name }),
      // The prize's callback is called by the server: a public host, checked with DNS too.
      check: (instance, _project, config) => assertPublicCallbacks(instance.ctx, callbackUrlsOf(config)),
    }),
  );

  await app.register(
    entityListRoutes({
      path: '/api/questions',
      table: 'questions',
      entity: 'quiz-question',
      tag: 'questions',
      nameOf: (config) => textInLanguage(config.title, 'zh-CN'),
      summaryFields: { bankId: Type.String(), title: Type.String() },
      summary: (row) => ({ bankId: row.bank_id, title: row.name }),
      scope: { query: 'bank', column: 'bank_id', parentTable: 'question_banks', field: 'bankId' },
    }),
  );

  await app.register(
    entityListRoutes({
      path: '/api/user-types',
      table: 'user_types',
      entity: 'user-type',
      tag: 'user-types',
      nameOf: (config) => str(config.name),
      columns: (config) => ({ identifier: str(config.identifier) }),
      summaryFields: { name: Type.String(), identifier: Type.String() },
      summary: (row) => ({ name: row.name, identifier: row.identifier }),
      async check(instance, project, config, exceptId) {
        let query = instance.ctx.db
          .selectFrom('user_types')
          .select('id')
          .where('project_id', '=', project.id)
          .where('identifier', '=', str(config.identifier));
        if (exceptId) query = query.where('id', '!=', exceptId);
        if (await query.executeTakeFirst()) throw identifierTaken();
      },
      onUniqueViolation: (error) => (isUniqueViolation(error) ? identifierTaken() : undefined),
    }),
  );

  await app.register(
    entityListRoutes({
      path: '/api/callback-addresses',
      table: 'callback_addresses',
      entity: 'callback-address',
      tag: 'callback-addresses',
      nameOf: (config) => str(config.name),
      columns: (config) => ({ url: str(config.url) }),
      summaryFields: { name: Type.String(), url: Type.String() },
      summary: (row) => ({ name: row.name, url: row.url }),
      check: (instance, _project, config: ListConfig) =>
        assertPublicCallbacks(instance.ctx, [{ path: '/url', url: str(config.url) }]),
    }),
  );

  await app.register(
    entityListRoutes({
      path: '/api/reward-forms',
      table: 'reward_forms',
      entity: 'form',
      tag: 'reward-forms',
      nameOf: (config) => str(config.title),
      summaryFields: {
        title: Type.String(),
        pending: Type.Integer({ description: 'Submissions waiting for the winner' }),
        submitted: Type.Integer({ description: 'Submissions filled in' }),
      },
      summary: (row, _config, extra) => ({
        title: row.name,
        pending: Number(extra.get(row.id)?.pending ?? 0),
        submitted: Number(extra.get(row.id)?.submitted ?? 0),
      }),
      async extra(instance, ids) {
        const out = new Map<string, Record<string, unknown>>();
        if (ids.length === 0) return out;
        const counts = await instance.ctx.db
          .selectFrom('reward_form_submissions')
          .select(['form_id', 'state', (eb) => eb.fn.countAll().as('n')])
          .where('form_id', 'in', ids)
          .groupBy(['form_id', 'state'])
          .execute();
        for (const c of counts) {
          const entry = out.get(c.form_id) ?? {};
          entry[c.state] = Number(c.n);
          out.set(c.form_id, entry);
        }
        return out;
      },
    }),
  );

  await app.register(questionBanksRoutes);
  await app.register(submissionsRoutes);
};
