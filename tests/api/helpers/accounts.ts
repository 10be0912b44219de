import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './api';

export const PASSWORD = 'secret123';

export interface SignedIn {
  token: string;
  userId: string;
  email: string;
  organisationId: string;
}

/** Signs up a new organisation and logs its owner in. */
export async function signUpOwner(
  app: FastifyInstance,
  email: string,
  companyName = 'Acme Ltd',
): Promise<SignedIn> {
  const signUp = await call<{ user: { id: string; organisationId: string } }>(
    app,
    'POST',
    '/api/auth/sign-up',
    {
      body: { companyName, email, password: PASSWORD, confirmPassword: PASSWORD, agreement: true },
    },
  );
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  return { ...(await login(app, email)), organisationId: signUp.body.data.user.organisationId };
}

/** Logs in and returns the token. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<SignedIn> {
  const answer = await call<{ token: string; user: { id: string; organisationId: string } }>(
    app,
    'POST',
    '/api/auth/login',
    {
      body: { email, password },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    token: answer.body.data.token,
    userId: answer.body.data.user.id,
    email,
    organisationId: answer.body.data.user.organisationId,
  };
}

/** Adds a member through the API and logs them in. */
export async function addMember(
  app: FastifyInstance,
  by: SignedIn,
  email: string,
  role: 'admin' | 'operator' | 'viewer',
  projects: { projectId: string; permission: 'view' | 'edit' }[] = [],
): Promise<SignedIn> {
  const answer = await call(app, 'POST', '/api/members', {
    token: by.token,
    body: { name: email.split('@')[0], email, role, password: PASSWORD, confirmPassword: PASSWORD, projects },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return login(app, email);
}

/**
 * Creates a project and returns its id. Its time zone is UTC unless named (the hand-computed
 * figures of the tests are UTC days; tests/api/analyticsTimeZones.test.ts covers the others and the
 * default a console's language gives).
 */
export async function createProject(
  app: FastifyInstance,
  by: SignedIn,
  name: string,
  domainPrefix: string,
  timezone = 'UTC',
): Promise<string> {
  const answer = await call<{ id: string }>(app, 'POST', '/api/projects', {
    token: by.token,
    body: { name, domainPrefix, timezone },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id;
}
