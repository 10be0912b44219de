import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { requireAdsAdvanced } from './adsAccess';
import { AdsSettingsBody, AdsSettingsSchema, readAdsSettings, writeAdsSettings } from './adsSettings';
import type { StrategyCache } from './strategyCache';

/**
 * `GET/PUT /api/ads/settings`: the module switch, the report currency and the offerwall settings.
 * Reading needs view, changing them an advanced ads user; every change reaches the
 * serving path at once on this server (its strategies are forgotten), on others within 30 s.
 */
export function adsSettingsRoutes(cache: StrategyCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['ads'];
    const security = [{ bearer: [] }];

    app.get(
      '/api/ads/settings',
      {
        onRequest: requireProject('view'),
        schema: {
          tags,
          security,
          summary: "The project's ads settings and whether the caller is an advanced ads user",
          response: { 200: Envelope(AdsSettingsSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const project = currentProject(request);
        const settings = await readAdsSettings(app.ctx.db, project.id);
        return ok({ ...settings, adsAdvanced: project.adsAdvanced });
      },
    );

    app.put(
      '/api/ads/settings',
      {
        onRequest: [requireProject('edit'), requireAdsAdvanced],
        schema: {
          tags,
          security,
          summary: 'Change the ads settings (advanced ads users; absent fields keep their value)',
          body: AdsSettingsBody,
          response: { 200: Envelope(AdsSettingsSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const project = currentProject(request);
        const { db, now } = app.ctx;
        const current = await readAdsSettings(db, project.id);
        const body = request.body;
        const next = {
          enabled: body.enabled ?? current.enabled,
          currency: body.currency ?? current.currency,
          offerwallEnabled: body.offerwallEnabled ?? current.offerwallEnabled,
          offerwallCurrency: body.offerwallCurrency ?? current.offerwallCurrency,
          minWithdrawalMicros: body.minWithdrawalMicros ?? current.minWithdrawalMicros,
          updatedAt: now().toISOString(),
        };
        await writeAdsSettings(db, project.id, next, currentUser(request).id, next.updatedAt);
        cache.forgetProject(project.id);
        return ok({ ...next, adsAdvanced: project.adsAdvanced });
      },
    );
  };
}
