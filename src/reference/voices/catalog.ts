/** A voice of the catalog; `_id` is what assistants reference, `voice_id` is the provider's own id. */
export interface Voice {
  _id: string;
  title: string;
  gender: string;
  voice_language: string;
  voice_provider: string;
  voice_type: string;
  isPublic: boolean;
  voice_sample_uri: string;
  voice_id: string;
}

const SAMPLES = 'https://samples.example.com/voices';

/** Fixed, so a sandbox user can keep a voice `_id` across restarts. */
export const VOICE_CATALOG: readonly Voice[] = [
  {
    _id: '65f1a0c2b7e4d3a1c0f00001',
    title: 'Ava',
    gender: 'female',
    voice_language: 'en-US',
    voice_provider: 'elevenlabs',
    voice_type: 'premade',
    isPublic: true,
    voice_sample_uri: `${SAMPLES}/ava.mp3`,
    voice_id: 'EXAVITQu4vr4xnSDxMaL',
  },
  {
    _id: '65f1a0c2b7e4d3a1c0f00002',
    title: 'Noah',
    gender: 'male',
    voice_language: 'en-GB',
    voice_provider: 'elevenlabs',
    voice_type: 'premade',
    isPublic: true,
    voice_sample_uri: `${SAMPLES}/noah.mp3`,
    voice_id: 'TxGEqnHWrfWFTfGW9XjX',
  },
  {
    _id: '65f1a0c2b7e4d3a1c0f00003',
    title: 'Lucía',
    gender: 'female',
    voice_language: 'es-ES',
    voice_provider: 'azure',
    voice_type: 'neural',
    isPublic: true,
    voice_sample_uri: `${SAMPLES}/lucia.mp3`,
    voice_id: 'es-ES-ElviraNeural',
  },
  {
    _id: '65f1a0c2b7e4d3a1c0f00004',
    title: 'Arjun',
    gender: 'male',
    voice_language: 'hi-IN',
    voice_provider: 'azure',
    voice_type: 'neural',
    isPublic: true,
    voice_sample_uri: `${SAMPLES}/arjun.mp3`,
    voice_id: 'hi-IN-MadhurNeural',
  },
  {
    _id: '65f1a0c2b7e4d3a1c0f00005',
    title: 'Claire',
    gender: 'female',
    voice_language: 'fr-FR',
    voice_provider: 'google',
    voice_type: 'wavenet',
    isPublic: true,
    voice_sample_uri: `${SAMPLES}/claire.mp3`,
    voice_id: 'fr-FR-Wavenet-A',
  },
  {
    _id: '65f1a0c2b7e4d3a1c0f00006',
    title: 'Studio Clone',
    gender: 'male',
    voice_language: 'en-US',
    voice_provider: 'elevenlabs',
    voice_type: 'cloned',
    isPublic: false,
    voice_sample_uri: `${SAMPLES}/studio-clone.mp3`,
    voice_id: 'pNInz6obpgDQGcFmaJgB',
  },
];

export function voiceById(id: string): Voice | undefined {
  return VOICE_CATALOG.find((v) => v._id === id);
}
