import { describe, expect, it } from 'vitest';
import { KEYRING_ROLES } from '../target/keyring-types.ts';
import { buildReferenceApp } from './app.ts';
import { Faults, UnknownFaultError } from './faults.ts';
import { createReferenceServer } from './server.ts';

describe('createReferenceServer', () => {
  it('listens on 127.0.0.1 at a free port, under /api/v1, with a full keyring', async () => {
    const server = await createReferenceServer();
    try {
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      for (const role of KEYRING_ROLES) expect(server.keyring.keys[role]).toMatch(/^svc_ai_/);
      expect(server.keyring.accounts?.other?.email).toBe('second-account@example.com');
      const response = await fetch(`${server.baseUrl}/users/get_voice_clone`, {
        headers: { authorization: `Bearer ${server.keyring.keys.full}` },
      });
      expect(response.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('exposes the event log the routes write to', async () => {
    const server = await createReferenceServer();
    try {
      const id = `evt_${process.pid}`;
      const headers = {
        authorization: `Bearer ${server.keyring.keys.full}`,
        'content-type': 'application/json',
      };
      const body = JSON.stringify({
        name: 'Gone soon',
        customPersonaId: id,
        isPublic: false,
        voice: '65f1a0c2b7e4d3a1c0f00001',
        tags: [],
      });
      expect(
        (await fetch(`${server.baseUrl}/persona/enterprise/createPersona`, { method: 'POST', headers, body }))
          .status,
      ).toBe(200);
      expect(
        (
          await fetch(`${server.baseUrl}/persona/enterprise/deletePersona/s/${id}`, {
            method: 'DELETE',
            headers: { authorization: headers.authorization },
          })
        ).status,
      ).toBe(200);
      expect(server.events.all()).toContainEqual(
        expect.objectContaining({ type: 'assistant.deleted', name: 'Gone soon' }),
      );
    } finally {
      await server.close();
    }
  });

  it('gives every server its own keys and state', async () => {
    const [a, b] = await Promise.all([createReferenceServer(), createReferenceServer()]);
    try {
      expect(a.baseUrl).not.toBe(b.baseUrl);
      expect(a.keyring.keys.full).not.toBe(b.keyring.keys.full);
      const response = await fetch(`${b.baseUrl}/users/get_voice_clone`, {
        headers: { authorization: `Bearer ${a.keyring.keys.full}` },
      });
      expect(response.status).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('closes cleanly even with a keep-alive connection open', async () => {
    const server = await createReferenceServer();
    await fetch(`${server.baseUrl}/users/get_voice_clone`, {
      headers: { authorization: `Bearer ${server.keyring.keys.full}` },
    });
    await server.close();
    await expect(fetch(`${server.baseUrl}/users/get_voice_clone`)).rejects.toThrow();
  });

  it('accepts faults of the catalog and keeps them for the modules to consult', () => {
    const { state } = buildReferenceApp({ faults: ['auth.expiry-ignored'] });
    expect(state.faults.has('auth.expiry-ignored')).toBe(true);
    expect(state.faults.has('other')).toBe(false);
    expect(new Faults().list()).toEqual([]);
  });

  it('refuses a fault id the catalog does not define, naming it', async () => {
    expect(() => buildReferenceApp({ faults: ['auth.expiry-ignored', 'plugins.no-such-fault'] })).toThrow(
      UnknownFaultError,
    );
    expect(() => buildReferenceApp({ faults: ['plugins.no-such-fault'] })).toThrow(
      /unknown fault id "plugins\.no-such-fault"/,
    );
    await expect(createReferenceServer({ faults: ['typo'] })).rejects.toThrow(/unknown fault id "typo"/);
  });
});
