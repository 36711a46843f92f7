import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/**
 * AES-256-GCM for plugin code at rest. A value is `hex(iv):hex(tag):hex(ciphertext)`, with a fresh
 * IV each time, so two encryptions of the same text differ and none equals the plaintext.
 */
export class FieldCipher {
  private constructor(private readonly key: Buffer) {}

  static withRandomKey(): FieldCipher {
    return new FieldCipher(randomBytes(32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('hex')).join(':');
  }

  /**
   * The plaintext of a stored value. Only a planted fault stores code unsealed (an update path that
   * skips the cipher); such a value is its own plaintext.
   */
  open(stored: string): string {
    return /^[0-9a-f]+:[0-9a-f]+:[0-9a-f]*$/.test(stored) ? this.decrypt(stored) : stored;
  }

  decrypt(sealed: string): string {
    const [iv, tag, data] = sealed.split(':').map((part) => Buffer.from(part, 'hex'));
    if (!iv || !tag || !data) throw new Error('plugin cipher: malformed sealed value');
    const decipher = createDecipheriv(ALGORITHM, this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
