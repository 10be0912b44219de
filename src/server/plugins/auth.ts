import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { findSession, type AuthUser } from '../accounts/sessions';
import type { Permission, Role } from '../db/tables';
import type { ProjectAccess } from '../appContext';
import { projectAccess } from '../projects/projectAccess';
import { permits } from '../projects/permissions';

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  if (request.user) return request.user;
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized');
  const { db, now } = request.server.ctx;
  const session = await findSession(db, token, now());
  if (!session) throw new AppError('unauthorized');
  request.user = session.user;
  request.sessionId = session.sessionId;
  return session.user;
}

/**
 * A route hook (use as `onRequest`, so a caller without access learns nothing about the body
 * rules; `preHandler` works too).
 */
export type AuthHook = (request: FastifyRequest) => Promise<void>;

/** Hook: a live session is required (401 otherwise); sets `request.user`. */
export const requireAuth: AuthHook = async function requireAuth(request) {
  await authenticate(request);
};

/** Hook: signed in with one of these organisation roles (403 otherwise). */
export function requireRole(...roles: Role[]): AuthHook {
  return async function requireRoleHandler(request) {
    const user = await authenticate(request);
    if (!roles.includes(user.role)) throw new AppError('forbidden');
  };
}

function projectIdOf(request: FastifyRequest): string | undefined {
  // Routes under /api/projects/:id name the project in the path; every other project-scoped
  // route takes it from the X-Project-Id header.
  if (request.routeOptions.url?.startsWith('/api/projects/:id')) {
    return (request.params as { id?: string }).id;
  }
  const header = request.headers['x-project-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/**
 * Hook: the caller reaches the request's project with at least `permission`; sets
 * `request.project`. A project it cannot reach (another organisation's, not granted, or no
 * such id) answers 403 and never the data.
 */
export function requireProject(permission: Permission): AuthHook {
  return async function requireProjectHandler(request) {
    const user = await authenticate(request);
    const projectId = projectIdOf(request);
    if (!projectId) throw new AppError('projectRequired');
    const access = await projectAccess(request.server.ctx.db, user, projectId);
    if (!access) throw new AppError('projectForbidden');
    if (!permits(access.permission, permission)) throw new AppError('forbidden');
    request.project = access;
  };
}

/** The signed-in user of a request that passed an auth pre-handler. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

/** The project of a request that passed `requireProject`. */
export function currentProject(request: FastifyRequest): ProjectAccess {
  if (!request.project) throw new AppError('projectRequired');
  return request.project;
}

/** Declares the request fields the pre-handlers fill. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('project', null);
}
