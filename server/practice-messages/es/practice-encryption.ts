// The practice's messages for an encrypted practice: its passphrase and recovery key, locked and
// opened; in Spanish.
export const practiceEncryption = {
  practiceNotEncrypted: ({ dataDir, passphraseUnused }: { dataDir: string; passphraseUnused: boolean }) =>
    `Los datos de ${dataDir} no están cifrados: quien copie el disco puede leerlos. Para cifrarlos, detenga Expediente y ejecute ` +
    `npm run encrypt -- --data-dir ${dataDir} (elija entonces la frase del consultorio y guarde aparte la clave de recuperación).` +
    (passphraseUnused ? ' Hasta entonces no se usa la frase de PASSPHRASE_FILE o PASSPHRASE.' : ''),
  practiceCreated: ({ dataDir, recoveryKey }: { dataDir: string; recoveryKey: string }) =>
    `Consultorio nuevo en ${dataDir}, cifrado con la frase del consultorio. Su clave de recuperación, que solo se muestra esta vez:\n\n` +
    `    ${recoveryKey}\n\n` +
    'Imprímala (o cópiela a mano) y guárdela lejos de este equipo y de la frase: si la frase se pierde, es lo único que abre los datos.',
  practicePassphraseTooShort: ({ min }: { min: number }) =>
    `La frase del consultorio (PASSPHRASE_FILE o PASSPHRASE) debe tener al menos ${min} caracteres: protege una copia del disco entero. No se ha creado nada.`,
  practicePassphraseRefused: ({ dataDir }: { dataDir: string }) =>
    `La frase de PASSPHRASE_FILE o PASSPHRASE no abre la clave del consultorio de ${dataDir}: el consultorio queda bloqueado hasta que se abra en el navegador.`,
  practiceLocked: ({ url }: { url: string }) =>
    `El consultorio está bloqueado: sus datos siguen cifrados hasta que alguien abra ${url} y escriba la frase del consultorio o la clave de recuperación ` +
    '(o hasta que se arranque con PASSPHRASE_FILE).',
  practiceToSetUp: ({ url, dataDir }: { url: string; dataDir: string }) =>
    `Consultorio nuevo: abra ${url} para elegir la frase que cifrará todo lo que guarde en ${dataDir} y ver su clave de recuperación ` +
    '(o arranque con PASSPHRASE_FILE o PASSPHRASE).',
  practiceOpened: ({ how }: { how: 'passphrase' | 'recoveryKey' }) =>
    `Consultorio abierto desde el navegador con ${how === 'passphrase' ? 'su frase' : 'su clave de recuperación'}.`,
  practiceSetUp: 'Consultorio nuevo creado desde el navegador, con sus datos cifrados; la clave de recuperación se ha mostrado allí, una sola vez.',
  recoveryKeyNeeded: 'Defina RECOVERY_KEY, o ejecute esto en un terminal para escribir la clave de recuperación.',
  recoveryKeyPrompt: 'Clave de recuperación de la consulta: ',
  practicePassphraseNeeded:
    'La consulta está cifrada: defina PASSPHRASE_FILE o PASSPHRASE con su frase (o RECOVERY_KEY con su clave de recuperación), o ejecute esto en un terminal para escribirla.',
  practicePassphrasePrompt: 'Frase de la consulta: ',
  newPracticePassphraseNeeded: ({ variable }: { variable: string }) =>
    `Defina ${variable} con la frase nueva de la consulta, o ejecute esto en un terminal para escribirla.`,
  newPracticePassphrasePrompt: ({ min }: { min: number }) => `Frase nueva de la consulta (al menos ${min} caracteres): `,
  practicePassphraseAgain: 'La misma frase una vez más: ',
  practicePassphrasesDiffer: 'Las dos frases no coinciden; no se ha cambiado nada.',
  commandPassphraseTooShort: ({ min }: { min: number }) =>
    `La frase de la consulta debe tener al menos ${min} caracteres: es lo único que separa una copia del disco de los expedientes. No se ha cambiado nada.`,
  wrongPracticePassphrase: ({ dataDir }: { dataDir: string }) =>
    `Esa frase no abre la clave de la consulta de ${dataDir}; no se ha hecho nada. Pruebe otra vez, o dé la clave de recuperación (--recovery-key, o RECOVERY_KEY).`,
  wrongRecoveryKey: ({ dataDir }: { dataDir: string }) =>
    `Esa clave de recuperación no abre la clave de la consulta de ${dataDir}; no se ha hecho nada. Compárela con la copia impresa.`,
  encryptionUnfinished: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} tiene clave de la consulta pero su base de datos sigue sin cifrar: un cifrado (npm run encrypt, expediente encrypt) se detuvo antes de su último paso. ` +
    `Ejecútelo otra vez sobre ${dataDir} con la misma frase para terminarlo; no se ha perdido nada.`,
  recoveryKeyShownOnce: ({ recoveryKey }: { recoveryKey: string }) =>
    `La clave de recuperación de la consulta, que se muestra solo esta vez. Imprímala y guárdela lejos de esta máquina y de la frase: perdida la frase, solo ella abre los datos.\n\n    ${recoveryKey}\n`,
  startWithPassphrase: 'Arranque el servidor con la frase en PASSPHRASE_FILE (o PASSPHRASE), o desbloquéelo en el navegador.',
};
