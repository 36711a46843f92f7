import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../testing/harness.ts';
import { VOICES } from '../testing/fixtures.ts';
import { VOICE_CATALOG } from './catalog.ts';

const h = harnessForFile();

describe('listVoices — GET /users/get_voice_clone', () => {
  it('returns {status: true, message, data} with every voice', async () => {
    const reply = await h.call('voices:view', 'GET', VOICES);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown, data: VOICE_CATALOG });
    expect(VOICE_CATALOG.length).toBeGreaterThanOrEqual(3);
  });

  it.each(VOICE_CATALOG.map((v) => [v.title, v] as const))(
    'voice %s carries every documented field',
    (_title, voice) => {
      expect(voice._id).toMatch(/^[0-9a-f]{24}$/);
      for (const field of [
        'title',
        'gender',
        'voice_language',
        'voice_provider',
        'voice_type',
        'voice_id',
      ] as const) {
        expect(typeof voice[field]).toBe('string');
      }
      expect(typeof voice.isPublic).toBe('boolean');
      expect(new URL(voice.voice_sample_uri).protocol).toBe('https:');
      expect(voice.voice_id).not.toBe(voice._id);
    },
  );

  it('title filters by exact match', async () => {
    const reply = await h.call('full', 'GET', `${VOICES}?title=Noah`);
    expect((reply.json.data as Array<{ title: string }>).map((v) => v.title)).toEqual(['Noah']);
    expect((await h.call('full', 'GET', `${VOICES}?title=noah`)).json.data).toEqual([]);
    expect((await h.call('full', 'GET', `${VOICES}?title=No`)).json.data).toEqual([]);
  });

  it('an assistants-only key is refused; the assistants-knowledge preset is not', async () => {
    expect((await h.call('assistants:manage', 'GET', VOICES)).status).toBe(403);
    expect((await h.call('preset:assistants-knowledge', 'GET', VOICES)).status).toBe(200);
  });

  it('a repeated title parameter is a 400', async () => {
    expect((await h.call('full', 'GET', `${VOICES}?title=Ava&title=Noah`)).status).toBe(400);
  });
});
