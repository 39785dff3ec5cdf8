// Pure rules of the image input, apart from the browser-bound upload code so they are tested alone.

/** What the picker accepts by default (product.md section 5: png, jpg, jpeg, gif). */
export const IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/gif'] as const;
const EXTENSIONS = /\.(png|jpe?g|gif)$/i;

export const isAcceptedImage = (file: File, accept: readonly string[] = IMAGE_ACCEPT): boolean => (file.type ? accept.includes(file.type) : EXTENSIONS.test(file.name));

/** "16:9" -> 16/9; "free" -> undefined (the picture keeps its own proportions). */
export const ratioValue = (ratio: string): number | undefined => {
  const [w, h] = ratio.split(':').map(Number);
  return w && h ? w / h : undefined;
};
