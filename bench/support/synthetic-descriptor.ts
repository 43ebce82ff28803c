/** A descriptor like face-api's: 128 32-bit floats, each with a full mantissa (no easier to compress than real ones). */
export function syntheticDescriptor(): Buffer {
  return Buffer.from(Float32Array.from({ length: 128 }, () => (Math.random() - 0.5) * 0.4).buffer);
}
