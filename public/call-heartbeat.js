// The live-call pages' heartbeat clock (app/components/calls/socket.ts). Browsers slow a hidden tab's own timers to
// about one a minute, which would take an interpreter who keeps the incoming-call screen in a background tab off the
// board every minute; a dedicated worker's timer is not slowed, so the page pings on time. Posted a period in ms to
// start ticking, 0 to stop.
let timer;
onmessage = (event) => {
  clearInterval(timer);
  if (event.data > 0) timer = setInterval(() => postMessage("tick"), event.data);
};
