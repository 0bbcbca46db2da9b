export const CATEGORY_SCENES: Record<'nails' | 'hair' | 'brows' | 'makeup' | 'skincare' | 'beauty' | 'massage', string[]>;
export const PALETTES: string[];
export function sceneSvg(scene: string, palette: string, width: number, height: number): string;
