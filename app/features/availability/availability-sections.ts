// The anchors of the availability sections: the forms come back to them after a post (client and server share them).
export const AVAILABILITY_SECTIONS = { hours: "working-hours", timeOff: "time-off", credentials: "credentials" } as const;
