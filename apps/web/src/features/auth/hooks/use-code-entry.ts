import { useState } from 'react';

/**
 * What a form for an e-mailed code keeps while the member types: the digits, the form's own message
 * (the code is incomplete) and a notice (a new code was sent). Typing clears the message; asking for
 * a new code clears both, and once it is sent the boxes are emptied and the notice says so.
 */
export function useCodeEntry() {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    code,
    setCode,
    localError,
    setLocalError,
    notice,
    setNotice,
    onCodeChange: (value: string) => {
      setCode(value);
      setLocalError(null);
    },
    clearMessages: () => {
      setLocalError(null);
      setNotice(null);
    },
    resent: (text: string) => {
      setCode('');
      setNotice(text);
    },
  };
}
