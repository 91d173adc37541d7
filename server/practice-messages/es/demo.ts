// The practice's messages for `npm run demo`: the demo practice seeded, and how to start and sign
// in to it; in Spanish.
export const demo = {
  demoUsage: 'Uso: npm run demo [-- --data-dir DIR]   crea un consultorio de demostración en DIR (por defecto DATA_DIR, o ./data)',
  demoPracticeExists: ({ path, accounts }: { path: string; accounts: number }) =>
    `${path} ya tiene un consultorio (${accounts} cuentas): la demostración nunca escribe encima de uno. Elija un DATA_DIR vacío (o --data-dir DIR).`,
  demoCreated: (p: { dataDir: string; seconds: string; patients: number; shared: number; today: number; coming: number }) =>
    `Consultorio de demostración creado en ${p.dataDir} en ${p.seconds} s: ${p.patients} pacientes (${p.shared} atendidos por los dos médicos), ` +
    `${p.today} citas hoy y ${p.coming} más hasta el próximo viernes.`,
  demoDay: (p: { practice: string; held: number; prescriptions: number; voided: number; addenda: number }) =>
    `${p.practice}: ${p.held} consultas de hoy ya atendidas, con ${p.prescriptions} recetas (${p.voided} anuladas); ${p.addenda} adendas en visitas pasadas.`,
  demoPassword: ({ password }: { password: string }) => `Contraseña de todas las cuentas: ${password}`,
  demoAdministrator: ({ email, name }: { email: string; name: string }) => `  administración  ${email}  (${name}; Administración en el menú de usuario)`,
  demoMedic: ({ email, name, patients }: { email: string; name: string; patients: number }) => `  médico          ${email}  (${name}, ${patients} pacientes)`,
  demoPatient: ({ email, name }: { email: string; name: string }) => `  paciente        ${email}  (${name}: dos documentos y una cita hoy)`,
  demoCodesLeftOut: ({ codes }: { codes: string }) =>
    `Las citas se escribieron sin ${codes}: ningún catálogo de diagnósticos los tiene (CATALOG_DIR; vea docs/clinical.md).`,

  demoEncryptedPracticeExists: ({ path }: { path: string }) =>
    `${path}: este DATA_DIR ya tiene un consultorio cifrado, y la demostración nunca escribe encima de uno. Elija un DATA_DIR vacío (o --data-dir DIR).`,
  demoPlainDatabaseExists: ({ path }: { path: string }) =>
    `${path} es una base de datos sin cifrar, aún sin cuentas: la demostración crea un consultorio cifrado y no escribe encima de ella. Elija un DATA_DIR vacío (o --data-dir DIR).`,
  demoEncrypted:
    'Todo lo que guarda DATA_DIR está cifrado (la base de datos, los documentos y las claves): solo se abre con la frase de la consulta o con su clave de recuperación.',
  demoPassphraseMade: ({ passphrase }: { passphrase: string }) => `Frase de la consulta (hecha para esta demostración): ${passphrase}`,
  demoPassphraseGiven: ({ source }: { source: string }) => `Frase de la consulta: la de ${source}`,
  demoRecoveryKey: ({ recoveryKey }: { recoveryKey: string }) =>
    `Clave de recuperación (abre la consulta si se pierde la frase; un consultorio de verdad la imprime y la guarda aparte): ${recoveryKey}`,
  demoYourPassphrase: 'su frase',
  demoStartEncrypted: ({ command, plain }: { command: string; plain: string }) =>
    `Arránquelo:  ${command}   (o ${plain} y escriba la frase en la página de desbloqueo; luego abra la dirección que muestra, http://127.0.0.1:3000 por defecto)`,
};
