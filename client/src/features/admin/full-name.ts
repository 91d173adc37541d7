/** "Name Lastname" as the administration page shows people. */
export const fullName = (person: { name: string; lname: string }): string => `${person.name} ${person.lname}`.trim();
