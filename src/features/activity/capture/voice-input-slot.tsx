/**
 * VOICE INPUT GOES HERE (a later issue: dictating notes and described times, speech-to-text on the
 * server behind the AI consent). The note and time forms already render this slot next to their
 * text field and hand it `onText`, which appends recognised text to the field; until voice input is
 * built the slot renders nothing, so no button promises what does not work yet.
 */
interface VoiceInputSlotProps {
  /** Appends dictated text to the field the slot belongs to. */
  onText: (text: string) => void;
  /** What the dictation is for, e.g. a note or the description of a time entry. */
  purpose: 'note' | 'timeEntry';
}

export function VoiceInputSlot(props: VoiceInputSlotProps) {
  void props;
  return null;
}
