/** "O+", "AB", or '' when the group is unknown (an Rh alone says nothing useful). */
export const bloodTypeOf = (patient: { bloodGroup: string | null; bloodRh: string | null }) =>
  patient.bloodGroup ? `${patient.bloodGroup}${patient.bloodRh ?? ''}` : '';
