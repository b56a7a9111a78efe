// taskhost's /resources/testdriver.js: WPT's test_driver API, with user input given by
// taskhost.input, as wptrunner gives it through WebDriver. `taskhost wpt` serves this file in
// place of the WPT root's; the root's own /resources/testdriver-actions.js (the Actions builder)
// runs on top of it, and /resources/testdriver-vendor.js is empty.
//
// What it does, with WebDriver's steps it follows:
// - click(element): Element Click: the pointer moves onto the element, then the main button is
//   pressed and released (two input events; taskhost.input.click).
// - send_keys(element, keys): Element Send Keys: the element takes focus if it can, then for
//   each character, a key press (keydown, keypress, keyup); WebDriver's private-use characters
//   name keys (U+E007 Enter, U+E008 Shift, ...); a modifier key is held until the end (or until
//   pressed again).
// - action_sequence(actions): Perform Actions, tick by tick: each tick's actions happen at the
//   tick's start, and a tick lasts its longest pause or move duration; the next tick starts when
//   this one's events were dispatched and a message has gone each way (the driver's round trip); a mouse's moves go to
//   the element of their origin (taskhost has no layout: a move with the viewport as origin
//   goes to the body, one relative to the pointer stays where it is); the coordinates are the
//   move's x and y (relative to the viewport, or added to the pointer's for the pointer origin;
//   an element origin's offsets are taken as they are: there is no element box to add them to); key actions go to the
//   focused element, else the element last clicked or typed into, else the body. A touch
//   pointer is a finger (each touch source its own, 0, 1, ...): its pointerDown touches the
//   element its last move went to (taskhost.input.touchStart), its pointerUp lifts
//   (touchEnd); a touch that moves while down (a drag, which scrolls) is rejected, as are pen
//   pointers and wheel sources, with the reason.
// - bless(intent, action): a click on a button the page adds, running `action` in its
//   listener (user activation itself is not modelled).
// - minimize_window(), set_window_rect(rect), get_window_rect(): Minimize Window hides the page
//   (taskhost.page.hide) and resolves once the document is hidden; Set Window Rect shows it
//   again first. Without layout the rect is only remembered.
// Everything else test_driver offers (permissions, cookies, accessibility) is rejected with the
// reason. Each promise resolves once the input's last event has been
// dispatched.
(function () {
  'use strict';
  if (typeof taskhost === 'undefined' || !taskhost.input) {
    return;
  }
  const input = taskhost.input;

  // WebDriver's key codes (the private-use characters of its "normalised key value" table).
  const KEYS = {
    '\uE000': 'Unidentified', '\uE001': 'Cancel', '\uE002': 'Help', '\uE003': 'Backspace',
    '\uE004': 'Tab', '\uE005': 'Clear', '\uE006': 'Enter', '\uE007': 'Enter',
    '\uE008': 'Shift', '\uE009': 'Control', '\uE00A': 'Alt', '\uE00B': 'Pause',
    '\uE00C': 'Escape', '\uE00D': ' ', '\uE00E': 'PageUp', '\uE00F': 'PageDown',
    '\uE010': 'End', '\uE011': 'Home', '\uE012': 'ArrowLeft', '\uE013': 'ArrowUp',
    '\uE014': 'ArrowRight', '\uE015': 'ArrowDown', '\uE016': 'Insert', '\uE017': 'Delete',
    '\uE03D': 'Meta',
  };
  const MODIFIERS = { Shift: 'shiftKey', Control: 'ctrlKey', Alt: 'altKey', Meta: 'metaKey' };
  const keyValue = (c) => KEYS[c] || c;

  // Where key input goes: the element last clicked or typed into.
  // (The document's focused element when it has one: a key press goes to it, as in a browser.)
  let focused = null;
  const keyTarget = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) {
      return active;
    }
    return (focused && focused.isConnected !== false ? focused : null) || document.body || document;
  };

  const notAvailable = (name, why) => function () {
    return Promise.reject(new Error(`test_driver.${name}: ${why}`));
  };
  const checked = (promise, what) => promise.then((dispatched) => {
    if (!dispatched) {
      throw new Error(`test_driver.${what}: the input could not be dispatched (see stderr)`);
    }
  });

  // Dispatch `steps` (functions returning taskhost.input promises) and wait for them all.
  const all = (promises, what) => Promise.all(promises.map((p) => checked(p, what)))
    .then(() => undefined);

  function click(element) {
    if (!element || typeof element !== 'object') {
      return Promise.reject(new TypeError('test_driver.click: the target must be an element'));
    }
    focused = element;
    try {
      return all([input.pointerMove(element), input.click(element)], 'click');
    } catch (e) {
      return Promise.reject(e);
    }
  }

  function sendKeys(element, keys) {
    focused = element;
    // Element Send Keys: if the element is not the active element, run the focusing steps for
    // it (a focusable element takes focus; the keys go to the element either way).
    if (element && element !== document.activeElement && typeof element.focus === 'function') {
      element.focus();
    }
    const held = {};
    const promises = [];
    try {
      for (const c of String(keys)) {
        const key = keyValue(c);
        const modifier = MODIFIERS[key];
        if (modifier) {
          // A modifier toggles: pressed now, released at the end (or when typed again).
          if (held[modifier]) {
            delete held[modifier];
            promises.push(input.keyUp(element, key, { ...held }));
          } else {
            held[modifier] = true;
            promises.push(input.keyDown(element, key, { ...held }));
          }
          continue;
        }
        promises.push(input.key(element, key, { ...held }));
      }
      for (const modifier of Object.keys(held)) {
        const key = Object.keys(MODIFIERS).find((k) => MODIFIERS[k] === modifier);
        delete held[modifier];
        promises.push(input.keyUp(element, key, { ...held }));
      }
    } catch (e) {
      return Promise.reject(e);
    }
    return all(promises, 'send_keys');
  }

  function actionSequence(sources) {
    let ticks;
    try {
      ticks = plan(sources);
    } catch (e) {
      return Promise.reject(e);
    }
    return perform(ticks);
  }

  // Check the sources, and list each tick's actions (with their source's type) and duration.
  function plan(sources) {
    if (!Array.isArray(sources)) {
      throw new TypeError('test_driver.action_sequence: the actions must be an array of sources');
    }
    for (const source of sources) {
      const type = source && source.type;
      if (type === 'pointer') {
        const pointerType = (source.parameters && source.parameters.pointerType) || 'mouse';
        if (pointerType !== 'mouse' && pointerType !== 'touch') {
          throw new Error(`test_driver.action_sequence: ${pointerType} pointers are not ` +
            'modelled by taskhost (its input has a mouse, a touchscreen and a keyboard)');
        }
        if (pointerType === 'touch') {
          let down = false;
          for (const action of source.actions || []) {
            if (action.type === 'pointerDown') down = true;
            if (action.type === 'pointerUp') down = false;
            if (action.type === 'pointerMove' && down) {
              throw new Error('test_driver.action_sequence: a touch that moves while down ' +
                '(a drag, which scrolls) is not modelled by taskhost (it has no layout)');
            }
          }
        }
      } else if (type === 'wheel') {
        throw new Error('test_driver.action_sequence: wheel input is not modelled by taskhost ' +
          '(it has no scrolling)');
      } else if (type !== 'key' && type !== 'none') {
        throw new Error(`test_driver.action_sequence: unknown source type '${type}'`);
      }
    }
    // Each touch source is a finger of its own.
    const fingers = new Map();
    for (const source of sources) {
      if (pointerTypeOf(source) === 'touch') fingers.set(source.id, fingers.size);
    }
    const count = Math.max(0, ...sources.map((s) => (s.actions || []).length));
    const ticks = [];
    for (let tick = 0; tick < count; tick++) {
      const actions = [];
      let duration = 0;
      for (const source of sources) {
        const action = (source.actions || [])[tick];
        if (!action) continue;
        if (action.type === 'pause' || action.type === 'pointerMove') {
          duration = Math.max(duration, Number(action.duration) || 0);
        }
        if (action.type !== 'pause') {
          actions.push({ source: source.type, id: source.id, pointerType: pointerTypeOf(source), action });
        }
      }
      ticks.push({ actions, duration });
    }
    ticks.fingers = fingers;
    return ticks;
  }

  function pointerTypeOf(source) {
    return source.type === 'pointer'
      ? (source.parameters && source.parameters.pointerType) || 'mouse' : null;
  }

  // Perform Actions: a tick's actions are dispatched at its start; the next tick starts when
  // they have all been dispatched and the tick's duration has passed (WebDriver waits for each
  // input event to be handled, so moves of different ticks are not coalesced into one).
  async function perform(ticks) {
    const modifiers = {};
    // Where each pointer source is: the element its last move went to, and its coordinates.
    const pointerTargets = new Map();
    const positions = new Map();
    let next = null;
    for (const { actions, duration } of ticks) {
      // (On the real clock a tick due within half a millisecond is dispatched now: between this
      // reading and taskhost.input's own, the clock moves on, and a time it finds in the past
      // is an error.)
      const at = next !== null && next - performance.now() > 0.5 ? { at: next } : {};
      const start = at.at !== undefined ? at.at : performance.now();
      const promises = [];
      for (const { source, id, pointerType, action } of actions) {
        const pointerTarget = pointerTargets.get(id) || null;
        const position = positions.get(id) || { x: 0, y: 0 };
        if (source === 'key') {
          const key = keyValue(String(action.value));
          const target = keyTarget();
          if (action.type === 'keyDown') {
            if (MODIFIERS[key]) modifiers[MODIFIERS[key]] = true;
            promises.push(input.keyDown(target, key, { ...at, ...modifiers }));
          } else if (action.type === 'keyUp') {
            if (MODIFIERS[key]) delete modifiers[MODIFIERS[key]];
            promises.push(input.keyUp(target, key, { ...at, ...modifiers }));
          } else {
            throw new Error(`test_driver.action_sequence: unknown key action '${action.type}'`);
          }
        } else if (action.type === 'pointerMove') {
          const origin = action.origin;
          let moved = pointerTarget;
          if (origin && typeof origin === 'object') {
            moved = origin;
          } else if (origin !== 'pointer' || !moved) {
            moved = document.body || document;
          }
          pointerTargets.set(id, moved);
          const dx = Number(action.x) || 0;
          const dy = Number(action.y) || 0;
          const place = origin === 'pointer'
            ? { x: position.x + dx, y: position.y + dy } : { x: dx, y: dy };
          positions.set(id, place);
          // (A touch's finger is not on the screen between its contacts: a move only says
          // where it will touch.)
          if (pointerType !== 'touch') {
            promises.push(input.pointerMove(moved, { ...at, ...modifiers, ...place }));
          }
        } else if (pointerType === 'touch'
            && (action.type === 'pointerDown' || action.type === 'pointerUp')) {
          const target = pointerTarget || document.body || document;
          focused = target;
          const options = { ...at, ...modifiers, ...position, finger: ticks.fingers.get(id) };
          promises.push(action.type === 'pointerDown'
            ? input.touchStart(target, options) : input.touchEnd(target, options));
        } else if (action.type === 'pointerDown' || action.type === 'pointerUp') {
          const target = pointerTarget || document.body || document;
          focused = target;
          const options = { ...at, ...modifiers, ...position, button: Number(action.button) || 0 };
          promises.push(action.type === 'pointerDown'
            ? input.pointerDown(target, options) : input.pointerUp(target, options));
        } else {
          throw new Error(`test_driver.action_sequence: unknown ${source} action '${action.type}'`);
        }
      }
      await all(promises, 'action_sequence');
      // The remote end dispatches the next tick once it has learnt that this one's events were
      // processed, from outside the page: a message each way, so tasks that became runnable
      // meanwhile (a frame whose vsync came while a listener ran) go first, as they do under a
      // browser's driver.
      await roundTrip();
      await roundTrip();
      next = start + duration;
    }
  }

  function bless(intent, action) {
    const button = document.createElement('button');
    button.textContent = intent || 'taskhost: bless';
    (document.body || document.documentElement).appendChild(button);
    return new Promise((resolve, reject) => {
      button.addEventListener('click', () => {
        button.remove();
        try {
          resolve(typeof action === 'function' ? action() : undefined);
        } catch (e) {
          reject(e);
        }
      }, { once: true });
      click(button).catch(reject);
    });
  }

  // Window management, on the page's visibility: WebDriver's Minimize Window iconifies the window
  // and returns once the document is hidden; Set Window Rect first restores a minimized window
  // (the document visible again), then gives it the rect asked for. taskhost has no layout, so
  // the rect is only remembered (get_window_rect and the next minimize_window return it).
  // taskhost.page.hide()/show() resolve once every document of the page had its
  // visibilitychange. Under wptrunner a command and its reply each cross to the page as a
  // message, so the tasks queued before them run first (a PerformanceObserver's, say): each
  // command here begins and ends with a message task.
  const windowRect = { x: 0, y: 0, width: 800, height: 600 };
  const roundTrip = () => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
  function minimizeWindow() {
    return roundTrip()
      .then(() => checked(taskhost.page.hide(), 'minimize_window'))
      .then(roundTrip)
      .then(() => ({ ...windowRect }));
  }
  function setWindowRect(rect) {
    return roundTrip()
      .then(() => (document.visibilityState === 'hidden'
        ? checked(taskhost.page.show(), 'set_window_rect') : undefined))
      .then(roundTrip)
      .then(() => {
        for (const key of ['x', 'y', 'width', 'height']) {
          if (rect && typeof rect[key] === 'number' && Number.isFinite(rect[key])) {
            windowRect[key] = rect[key];
          }
        }
        return { ...windowRect };
      });
  }

  const noLayout = 'taskhost has no layout, windows or browser chrome';
  window.test_driver = {
    click,
    send_keys: sendKeys,
    action_sequence: actionSequence,
    bless,
    set_test_context() {},
    message_test: typeof window.postMessage === 'function'
      ? (message) => { window.postMessage(message, '*'); return Promise.resolve(); }
      : notAvailable('message_test', 'window.postMessage is not modelled'),
    freeze: notAvailable('freeze', 'page lifecycle freezing is not modelled'),
    set_permission: notAvailable('set_permission', 'permissions are not modelled'),
    delete_all_cookies: notAvailable('delete_all_cookies', 'taskhost has no cookies'),
    get_all_cookies: notAvailable('get_all_cookies', 'taskhost has no cookies'),
    get_named_cookie: notAvailable('get_named_cookie', 'taskhost has no cookies'),
    minimize_window: minimizeWindow,
    set_window_rect: setWindowRect,
    get_window_rect: () => Promise.resolve({ ...windowRect }),
    get_computed_label: notAvailable('get_computed_label', noLayout),
    get_computed_role: notAvailable('get_computed_role', noLayout),
    generate_test_report: notAvailable('generate_test_report', 'reporting is not modelled'),
    set_spc_transaction_mode: notAvailable('set_spc_transaction_mode', 'not modelled'),
    set_storage_access: notAvailable('set_storage_access', 'not modelled'),
  };
  window.test_driver_internal = { in_automation: true };
})();
