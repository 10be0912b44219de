import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { currentProject } from '../plugins/auth';
import { permits } from '../projects/permissions';

/**
 * Refuses (403 `adsAdvancedRequired`) a caller who is not an advanced ads user of the request's
 * project, always on top of `edit`. Use after `requireProject(...)`, e.g. as the second
 * `onRequest` hook, so a refused caller learns nothing about the body rules.
 */
export async function requireAdsAdvanced(request: FastifyRequest): Promise<void> {
  const project = currentProject(request);
  if (!permits(project.permission, 'edit')) throw new AppError('forbidden');
  if (!project.adsAdvanced) throw new AppError('adsAdvancedRequired');
}
