import { create } from 'zustand';

/**
 * Which tag's faceplate is open. Any view that shows a tag (live table,
 * alarm list, map popup) opens it here; the shell mounts the faceplate
 * itself once (features/alarms/faceplate.tsx), so features need not import each other.
 */
interface FaceplateState {
  tagId: string | null;
  open: (tagId: string) => void;
  close: () => void;
}

export const useFaceplateStore = create<FaceplateState>()((set) => ({
  tagId: null,
  open: (tagId) => set({ tagId }),
  close: () => set({ tagId: null }),
}));

/** Opens the faceplate of a tag (for onClick handlers). */
export const openFaceplate = (tagId: string) => useFaceplateStore.getState().open(tagId);
