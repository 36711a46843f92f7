/**
 * One documented voice-catalog item, for the unit tests of the checks, the spec and the CLI: every
 * field the document shows, `voice_id` included (the provider's id, never accepted as a voice).
 */
export const SAMPLE_VOICE = {
  _id: '64b7f0c2a1b2c3d4e5f60718',
  title: 'Ava',
  gender: 'female',
  voice_language: 'en-US',
  voice_provider: 'acme',
  voice_type: 'neural',
  isPublic: true,
  voice_sample_uri: 'https://voices.example/ava.mp3',
  voice_id: 'acme-ava-1',
} as const;
